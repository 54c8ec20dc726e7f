import { useRef, useState, type FormEvent } from 'react';
import { Button, type InputRef } from 'antd';
import Input from 'antd/es/input/Input';
import { SafetyOutlined } from '@ant-design/icons';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';

/** The second sign-in step: a code from the authenticator app or one backup code. */
export function MfaCodeStep() {
  const t = useT();
  const { submitCode, cancelCode, signingIn } = useAuth();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<InputRef>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    void submitCode(code.trim());
  };

  return (
    <form className="signin__fields" noValidate onSubmit={onSubmit}>
      <p className="signin__step-text">{t('signin.mfaIntro')}</p>
      <div className="signin__field">
        <label htmlFor="signin-code" className="signin__label">
          {t('signin.mfaCode')}
        </label>
        <Input
          id="signin-code"
          ref={inputRef}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          status={missing ? 'error' : undefined}
          aria-invalid={missing ? true : undefined}
          aria-describedby="signin-code-help signin-code-error"
          disabled={signingIn}
          prefix={<SafetyOutlined />}
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={40}
          size="large"
          autoFocus
        />
        <div id="signin-code-help" className="signin__help">
          {t('signin.mfaHelp')}
        </div>
        <div id="signin-code-error" className="signin__error" role="alert">
          {missing ? t('signin.mfaCodeRequired') : null}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={signingIn}>
        {t('signin.mfaSubmit')}
      </Button>
      <Button type="link" block onClick={cancelCode} disabled={signingIn}>
        {t('signin.mfaBack')}
      </Button>
    </form>
  );
}

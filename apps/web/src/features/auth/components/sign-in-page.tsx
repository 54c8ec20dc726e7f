import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, type InputRef } from 'antd';
// The two inputs by their own modules: the Input barrel also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LanguageMenu } from '../../../components/language-menu';
import { useAuth } from '../../../lib/auth/auth-context';
import { usePublicConfig } from '../../../lib/public-config';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { useT } from '../../../lib/i18n/use-t';
import { useSearchParams } from 'react-router';
import { MfaCodeStep } from './mfa-code-step';
import { SsoSignIn } from '../../../components/auth/sso-sign-in';
import { SignInField } from './sign-in-field';

interface SignInValues {
  email: string;
  password: string;
}

type SignInErrors = Partial<Record<keyof SignInValues, MessageKey>>;

/** The same address rule as antd's form (async-validator's `type: 'email'`). */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** One message for a missing or malformed address, one for a missing password. */
function validate(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'signin.invalidEmail';
  if (!values.password) errors.password = 'signin.passwordRequired';
  return errors;
}

/** /signin exactly as the original application describes it: title, greeting, email and password, the two messages, the server's error. */
export function SignInPage() {
  const t = useT();
  const config = usePublicConfig();
  const { signIn, signingIn, signInError, sessionError, mfaToken } = useAuth();
  const [params] = useSearchParams();
  // With single sign-on as the only way in, the password form is for the break-glass admin (?local=1).
  const showPassword = !config.sso?.only || params.get('local') === '1';
  // A plain form with the original application’s two rules: antd's Form would add some 30 KB (gzip) to the first page.
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);

  const change = (field: keyof SignInValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like antd's form: a field is checked as it changes once it has been validated.
    if (submitted || errors[field]) setErrors((previous) => ({ ...previous, [field]: validate(next)[field] }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setSubmitted(true);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else void signIn({ email: values.email.trim(), password: values.password });
  };

  return (
    <main className="signin">
      <div className="signin__language">
        <LanguageMenu />
      </div>
      {/* Plain elements rather than antd Card and Typography keep the sign-in page's JavaScript small. */}
      <div className="signin__card">
        <Flex className="signin__panels" wrap>
          <section className="signin__welcome" aria-label={t('signin.welcome')}>
            <img src={config.logoUrl} alt="" width={56} height={56} />
            <h2 className="signin__welcome-title">
              {t('signin.welcome')} {config.appName}
            </h2>
            <p className="signin__welcome-text">{t('signin.subtitle')}</p>
          </section>
          <section className="signin__form">
            <h1 className="signin__title">{t('signin.title', { appName: config.appName })}</h1>
            {sessionError && !signInError ? (
              <Alert
                className="signin__alert"
                type="warning"
                showIcon
                title={t('signin.sessionEnded')}
                description={sessionError}
              />
            ) : null}
            {signInError ? (
              <Alert className="signin__alert" type="error" showIcon title={signInError} role="alert" />
            ) : null}
            {mfaToken ? <MfaCodeStep /> : null}
            {!mfaToken && config.sso ? <SsoSignIn label={config.sso.label} /> : null}
            {!mfaToken && config.sso && showPassword ? (
              <div className="signin__divider" role="separator">
                {t('signin.or')}
              </div>
            ) : null}
            {!mfaToken && showPassword ? (
              <form className="signin__fields" noValidate onSubmit={onSubmit}>
                <SignInField
                  id="signin-email"
                  label={t('signin.email')}
                  error={errors.email ? t(errors.email) : undefined}
                >
                  {(input) => (
                    <Input
                      {...input}
                      ref={emailRef}
                      value={values.email}
                      onChange={(event) => change('email', event.target.value)}
                      disabled={signingIn}
                      prefix={<MailOutlined />}
                      autoComplete="username"
                      inputMode="email"
                      size="large"
                      autoFocus
                    />
                  )}
                </SignInField>
                <SignInField
                  id="signin-password"
                  label={t('signin.password')}
                  error={errors.password ? t(errors.password) : undefined}
                >
                  {(input) => (
                    <Password
                      {...input}
                      ref={passwordRef}
                      value={values.password}
                      onChange={(event) => change('password', event.target.value)}
                      disabled={signingIn}
                      prefix={<LockOutlined />}
                      autoComplete="current-password"
                      size="large"
                    />
                  )}
                </SignInField>
                <Button type="primary" htmlType="submit" size="large" block loading={signingIn}>
                  {t('signin.submit')}
                </Button>
              </form>
            ) : null}
            {!mfaToken && !showPassword ? (
              <a className="signin__local" href="?local=1">
                {t('signin.localSignIn')}
              </a>
            ) : null}
            <p className="signin__contact">
              {config.supportEmail
                ? t('signin.contactAdminEmail', { email: config.supportEmail })
                : t('signin.contactAdmin')}
            </p>
          </section>
        </Flex>
      </div>
    </main>
  );
}

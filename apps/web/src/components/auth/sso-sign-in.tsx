import { useEffect, useRef } from 'react';
import { Alert, Button } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import type { MessageKey } from '../../lib/i18n/messages/en';
import { useT } from '../../lib/i18n/use-t';

/** Why a single sign-on failed (the callback's `ssoError`), as a message of the sign-in page. */
const SSO_ERRORS: Record<string, MessageKey> = {
  EXPIRED: 'signin.ssoError.EXPIRED',
  PROVIDER_ERROR: 'signin.ssoError.PROVIDER_ERROR',
  NO_EMAIL: 'signin.ssoError.NO_EMAIL',
  NO_ROLE: 'signin.ssoError.NO_ROLE',
  EMAIL_TAKEN: 'signin.ssoError.EMAIL_TAKEN',
  DEACTIVATED: 'signin.ssoError.DEACTIVATED',
  ALREADY_LINKED: 'signin.ssoError.ALREADY_LINKED',
  UNAVAILABLE: 'signin.ssoError.UNAVAILABLE',
  OTHER_BROWSER: 'signin.ssoError.OTHER_BROWSER',
  OTHER_ACCOUNT: 'signin.ssoError.OTHER_ACCOUNT',
};

export function ssoErrorKey(reason: string | null): MessageKey | undefined {
  return reason ? (SSO_ERRORS[reason] ?? 'signin.ssoError.PROVIDER_ERROR') : undefined;
}

/** "Sign in with …" (a plain link: the browser goes to the provider), and the outcome of a return from it. */
export function SsoSignIn({ label }: { label: string }) {
  const t = useT();
  const { completeSso, signingIn } = useAuth();
  const [params, setParams] = useSearchParams();
  const code = params.get('sso');
  const errorKey = ssoErrorKey(params.get('ssoError'));
  const exchanged = useRef(false);

  // Back from the provider: the one-time code becomes a session, and leaves the address (and history) at once.
  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    setParams({}, { replace: true });
    void completeSso(code);
  }, [code, completeSso, setParams]);

  return (
    <div className="signin__sso">
      {errorKey ? <Alert className="signin__alert" type="error" showIcon title={t(errorKey)} role="alert" /> : null}
      <Button href="/api/auth/oidc/start" size="large" block icon={<LoginOutlined />} loading={signingIn && !!code}>
        {t('signin.ssoButton', { label })}
      </Button>
    </div>
  );
}

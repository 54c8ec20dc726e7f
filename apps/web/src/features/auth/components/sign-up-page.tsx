import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { usePublicConfig } from '../../../lib/public-config';
import { useT } from '../../../lib/i18n/use-t';

/** /signup: an authentication page; accounts are created by an administrator (no self-service). */
export function SignUpPage() {
  const t = useT();
  const config = usePublicConfig();
  return (
    <main className="signin">
      <Result
        status="info"
        title={t('signup.title')}
        subTitle={t('signup.body', { appName: config.appName })}
        extra={
          <Link to="/signin">
            <Button type="primary">{t('signup.backToSignIn')}</Button>
          </Link>
        }
      />
    </main>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { LinkOutlined, SafetyOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import type { TotpEnrolment as Enrolment } from '@rtms/shared/schemas/mfa';
import { useAuth, useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicConfig } from '../../../lib/public-config';
import { PageHeader } from '../../../components/page-header';
import { useFormatters } from '../../../components/data/use-formatters';
import { ssoErrorKey } from '../../../components/auth/sso-sign-in';
import { useDisableMfa, useLinkSso, useMfaStatus, useRegenerateBackupCodes, useStartTotp } from '../api/mfa';
import { BackupCodes } from './backup-codes';
import { PasswordConfirmModal } from './password-confirm-modal';
import { TotpEnrolment } from './totp-enrolment';
import { AccessTokensCard } from './access-tokens-card';
import './account-security.css';

type Step = { kind: 'status' } | { kind: 'enrolling'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/** Account security (user menu): the TOTP second factor (set up, backup codes, turn off) and single sign-on linking. */
export function AccountSecurityPage() {
  const t = useT();
  const format = useFormatters();
  const user = useCurrentUser();
  const { mfaEnrolled } = useAuth();
  const config = usePublicConfig();
  const [params] = useSearchParams();
  const status = useMfaStatus();
  const start = useStartTotp();
  const link = useLinkSso();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const disable = useDisableMfa();
  const regenerate = useRegenerateBackupCodes();
  const [asking, setAsking] = useState<'disable' | 'regenerate' | null>(null);
  const closeAsk = () => {
    disable.reset();
    regenerate.reset();
    setAsking(null);
  };
  const ssoError = ssoErrorKey(params.get('ssoError'));

  const begin = () => start.mutate(undefined, { onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }) });
  const finish = () => {
    mfaEnrolled();
    setStep({ kind: 'status' });
  };

  return (
    <>
      <PageHeader title={t('accountSecurity.title')} />
      <Flex vertical gap={16} className="account-security">
        <Card
          title={
            <h2 className="account-security__card-title">
              <SafetyOutlined aria-hidden />
              {t('accountSecurity.mfaTitle')}
            </h2>
          }
        >
          {user.mfaEnrolmentRequired && step.kind !== 'codes' ? (
            <Alert type="warning" showIcon className="form-alert" title={t('accountSecurity.requiredNow')} />
          ) : null}
          {start.error ? (
            <Alert type="error" showIcon className="form-alert" title={start.error.message} role="alert" />
          ) : null}
          {status.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
          {status.error ? <Alert type="error" showIcon title={status.error.message} role="alert" /> : null}
          {status.data && step.kind === 'status' ? (
            <>
              <Typography.Paragraph>{t('accountSecurity.mfaIntro')}</Typography.Paragraph>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'state',
                    label: t('accountSecurity.state'),
                    children: status.data.enabled ? (
                      <Tag color="green">{t('accountSecurity.on')}</Tag>
                    ) : (
                      <Tag>{t('accountSecurity.off')}</Tag>
                    ),
                  },
                  ...(status.data.enabled
                    ? [
                        {
                          key: 'since',
                          label: t('accountSecurity.since'),
                          children: format.dateTime(status.data.confirmedAt),
                        },
                        {
                          key: 'codes',
                          label: t('accountSecurity.backupLeft'),
                          children: String(status.data.backupCodesRemaining),
                        },
                      ]
                    : []),
                  ...(status.data.required
                    ? [
                        {
                          key: 'required',
                          label: t('accountSecurity.requiredLabel'),
                          children: t('accountSecurity.requiredByRole'),
                        },
                      ]
                    : []),
                ]}
              />
              <Flex gap={8} wrap className="account-security__actions">
                {status.data.enabled ? (
                  <>
                    <Button onClick={() => setAsking('regenerate')}>{t('accountSecurity.newCodes')}</Button>
                    <Button danger disabled={status.data.required} onClick={() => setAsking('disable')}>
                      {t('accountSecurity.disable')}
                    </Button>
                  </>
                ) : (
                  <Button type="primary" loading={start.isPending} onClick={begin}>
                    {t('accountSecurity.setUp')}
                  </Button>
                )}
              </Flex>
            </>
          ) : null}
          {step.kind === 'enrolling' ? (
            <TotpEnrolment
              enrolment={step.enrolment}
              onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
              onCancel={() => setStep({ kind: 'status' })}
            />
          ) : null}
          {step.kind === 'codes' ? <BackupCodes codes={step.codes} account={user.email} onDone={finish} /> : null}
        </Card>

        {config.sso ? (
          <Card
            title={
              <h2 className="account-security__card-title">
                <LinkOutlined aria-hidden />
                {t('accountSecurity.ssoTitle')}
              </h2>
            }
          >
            {params.get('linked') === '1' ? (
              <Alert
                type="success"
                showIcon
                className="form-alert"
                title={t('accountSecurity.ssoLinked', { label: config.sso.label })}
              />
            ) : null}
            {params.get('linkPending') === '1' ? (
              <Alert
                type="info"
                showIcon
                className="form-alert"
                title={t('accountSecurity.ssoLinkPending', { label: config.sso.label })}
                role="status"
              />
            ) : null}
            {ssoError ? <Alert type="error" showIcon className="form-alert" title={t(ssoError)} role="alert" /> : null}
            {link.error ? (
              <Alert type="error" showIcon className="form-alert" title={link.error.message} role="alert" />
            ) : null}
            <Typography.Paragraph>{t('accountSecurity.ssoIntro', { label: config.sso.label })}</Typography.Paragraph>
            <Button
              loading={link.isPending || link.isSuccess}
              onClick={() => link.mutate(undefined, { onSuccess: (url) => window.location.assign(url) })}
            >
              {t('accountSecurity.ssoLink', { label: config.sso.label })}
            </Button>
          </Card>
        ) : null}
        {/* Tokens are refused until a required second factor is set up: the card waits for it. */}
        {user.mfaEnrolmentRequired ? null : <AccessTokensCard />}
      </Flex>
      <PasswordConfirmModal
        open={asking === 'disable'}
        title={t('accountSecurity.disableTitle')}
        body={t('accountSecurity.disableBody')}
        okText={t('accountSecurity.disable')}
        danger
        pending={disable.isPending}
        error={disable.error}
        onSubmit={(password) => disable.mutateAsync({ password }).then(closeAsk)}
        onClose={closeAsk}
      />
      <PasswordConfirmModal
        open={asking === 'regenerate'}
        title={t('accountSecurity.newCodes')}
        body={t('accountSecurity.newCodesBody')}
        okText={t('accountSecurity.newCodes')}
        pending={regenerate.isPending}
        error={regenerate.error}
        onSubmit={(password) =>
          regenerate.mutateAsync({ password }).then(({ backupCodes }) => {
            closeAsk();
            setStep({ kind: 'codes', codes: backupCodes });
          })
        }
        onClose={closeAsk}
      />
    </>
  );
}

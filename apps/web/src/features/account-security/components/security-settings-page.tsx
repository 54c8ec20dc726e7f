import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Flex, Skeleton, Typography } from 'antd';
import { ROLES, type Role } from '@rtms/shared/enums';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';
import './account-security.css';

/** /settings/security (ALL_FACILITY_ADMIN): the roles whose users must use a second factor. */
export function SecuritySettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  // The saved roles until the admin changes the selection.
  const [edited, setRoles] = useState<Role[] | null>(null);
  const roles = edited ?? settings.data?.mfaRequiredRoles ?? [];

  const save = () =>
    update.mutate(
      { mfaRequiredRoles: ROLES.filter((role) => roles.includes(role)) },
      { onSuccess: () => void message.success(t('securitySettings.saved')) },
    );

  return (
    <>
      <PageHeader title={t('securitySettings.title')} />
      <Card className="narrow-card">
        {settings.isPending ? <Skeleton active /> : null}
        {settings.error ? <Alert type="error" showIcon title={settings.error.message} role="alert" /> : null}
        {update.error ? (
          <Alert type="error" showIcon className="form-alert" title={update.error.message} role="alert" />
        ) : null}
        {settings.data ? (
          <fieldset className="security-settings__roles">
            <legend>
              <Typography.Title level={2} className="security-settings__legend">
                {t('securitySettings.mfaTitle')}
              </Typography.Title>
            </legend>
            <Typography.Paragraph>{t('securitySettings.mfaIntro')}</Typography.Paragraph>
            <Checkbox.Group value={roles} onChange={(values) => setRoles(values as Role[])} disabled={update.isPending}>
              <Flex vertical gap={8}>
                {ROLES.map((role) => (
                  <Checkbox key={role} value={role}>
                    {t(`role.${role}`)}
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
            <Flex className="security-settings__actions">
              <Button type="primary" onClick={save} loading={update.isPending}>
                {t('data.save')}
              </Button>
            </Flex>
          </fieldset>
        ) : null}
      </Card>
    </>
  );
}

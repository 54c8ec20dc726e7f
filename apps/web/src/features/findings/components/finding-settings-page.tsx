import { Alert, App, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import type { FindingSettings } from '@rtms/shared/schemas/findings';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useFindingSettings, useUpdateFindingSettings } from '../api/finding-settings';

const SOURCES = [
  { key: 'missedTaskFindings', label: 'findings.settingsMissed', help: 'findings.settingsMissedHelp' },
  { key: 'lateCompletionFindings', label: 'findings.settingsLate', help: 'findings.settingsLateHelp' },
] as const;

/** /settings/findings (ALL_FACILITY_ADMIN): turn each automatic source of findings on or off. */
export function FindingSettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const settings = useFindingSettings();
  const update = useUpdateFindingSettings();
  const save = (change: Partial<FindingSettings>) =>
    settings.data &&
    update.mutate({ ...settings.data, ...change }, { onSuccess: () => void message.success(t('findings.saved')) });

  return (
    <>
      <PageHeader title={t('findings.settingsTitle')} />
      <Card className="narrow-card">
        <Typography.Paragraph>{t('findings.settingsIntro')}</Typography.Paragraph>
        {settings.isPending ? <Skeleton active /> : null}
        {settings.error ? <Alert type="error" showIcon title={settings.error.message} role="alert" /> : null}
        {update.error ? <Alert type="error" showIcon title={update.error.message} role="alert" /> : null}
        {settings.data ? (
          <Flex vertical gap={16}>
            {SOURCES.map((source) => (
              <Flex key={source.key} gap={12} align="start">
                <Switch
                  id={source.key}
                  checked={settings.data[source.key]}
                  loading={update.isPending}
                  onChange={(checked) => save({ [source.key]: checked })}
                />
                <label htmlFor={source.key}>
                  <Typography.Text strong>{t(source.label)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(source.help)}</Typography.Text>
                </label>
              </Flex>
            ))}
          </Flex>
        ) : null}
      </Card>
    </>
  );
}

import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useReportEmbed, useUpdateReportEmbed } from '../api/report-embed';
import './report-embed.css';

/**
 * Settings → Reports (ALL_FACILITY_ADMIN): the address of the report the "Power BI Report" page embeds. https only,
 * on app.powerbi.com or a host the deployment allows (the server judges it and names the allowed hosts).
 */
export function ReportSettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ url: string }>();
  const embed = useReportEmbed();
  const update = useUpdateReportEmbed();
  const [formError, setFormError] = useState<string>();
  const saved = embed.data?.url ?? '';
  useEffect(() => form.setFieldsValue({ url: saved }), [form, saved]);

  const save = async (url: string | null) => {
    setFormError(undefined);
    try {
      await update.mutateAsync({ url });
      if (!url) form.setFieldsValue({ url: '' });
      void message.success(t(url ? 'reportSettings.saved' : 'reportSettings.cleared'));
    } catch (error) {
      setFormError(applyServerErrors(form, error, ['url'], t));
    }
  };

  return (
    <>
      <PageHeader title={t('reportSettings.title')} />
      <Card className="narrow-card">
        {embed.isPending ? <Skeleton active /> : null}
        {embed.error ? <Alert type="error" showIcon title={embed.error.message} role="alert" /> : null}
        {embed.data ? (
          <>
            <Typography.Paragraph>{t('reportSettings.intro')}</Typography.Paragraph>
            <Form form={form} layout="vertical" onFinish={(values) => void save(values.url.trim() || null)}>
              <Form.Item
                label={t('reportSettings.url')}
                name="url"
                extra={t('reportSettings.urlHelp')}
                rules={[
                  { required: true, whitespace: true, message: t('form.required', { field: t('reportSettings.url') }) },
                  { pattern: /^https:\/\//i, message: t('reportSettings.httpsOnly') },
                  { max: 2000, message: t('form.tooLong', { field: t('reportSettings.url'), max: 2000 }) },
                ]}
              >
                <Input inputMode="url" placeholder="https://app.powerbi.com/reportEmbed?reportId=…" dir="ltr" />
              </Form.Item>
              {formError ? <Alert type="error" title={formError} className="form-error" role="alert" /> : null}
              <Flex gap={8} className="report-settings__actions">
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t('data.save')}
                </Button>
                {saved ? (
                  <Button danger onClick={() => void save(null)} disabled={update.isPending}>
                    {t('reportSettings.clear')}
                  </Button>
                ) : null}
              </Flex>
            </Form>
          </>
        ) : null}
      </Card>
    </>
  );
}

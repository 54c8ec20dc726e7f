import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, DatePicker, Form, Radio, Select, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  EMAIL_NOTIFICATION_CATEGORIES,
  NOTIFICATION_DELIVERY_MODES,
  type EmailNotificationCategory,
  type NotificationDeliveryMode,
  type NotificationPreferences,
} from '@rtms/shared/schemas/notifications';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useT } from '../../../lib/i18n/use-t';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import './notifications.css';

interface FormValues {
  delivery: NotificationDeliveryMode;
  digestHour: number;
  timeZone: string;
  quietUntil: Dayjs | null;
  categories: EmailNotificationCategory[];
}

const FIELDS = ['delivery', 'digestHour', 'timeZone', 'quietUntil', 'categories'] as const;

/** Every IANA time zone the browser knows (the server checks the name again). */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** /notifications/settings: delivery mode, digest hour, time zone, quiet until and email per kind. */
export function NotificationSettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [formError, setFormError] = useState<string>();
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const hours = useMemo(
    () => Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` })),
    [],
  );
  const delivery = Form.useWatch('delivery', form);

  useEffect(() => {
    const data = preferences.data;
    if (!data) return;
    form.setFieldsValue({
      delivery: data.delivery,
      digestHour: data.digestHour,
      timeZone: data.timeZone,
      quietUntil: data.quietUntil ? dayjs(data.quietUntil) : null,
      categories: EMAIL_NOTIFICATION_CATEGORIES.filter((category) => data.categories[category]),
    });
  }, [preferences.data, form]);

  const submit = (values: FormValues) => {
    setFormError(undefined);
    const body: NotificationPreferences = {
      delivery: values.delivery,
      digestHour: values.digestHour,
      timeZone: values.timeZone,
      quietUntil: values.quietUntil ? values.quietUntil.toISOString() : null,
      categories: Object.fromEntries(
        EMAIL_NOTIFICATION_CATEGORIES.map((category) => [category, values.categories.includes(category)]),
      ) as NotificationPreferences['categories'],
    };
    save.mutate(body, {
      onSuccess: () => void message.success(t('notificationSettings.saved')),
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS, t)),
    });
  };

  return (
    <>
      <PageHeader title={t('notifications.settings')} />
      <Card className="notification-settings">
        <Typography.Paragraph>{t('notificationSettings.intro')}</Typography.Paragraph>
        {preferences.error ? (
          <Alert type="error" showIcon role="alert" title={preferences.error.message} className="page-alert" />
        ) : null}
        {formError ? <Alert type="error" showIcon role="alert" title={formError} className="page-alert" /> : null}
        {preferences.isPending ? (
          <Skeleton active />
        ) : (
          <Form<FormValues> form={form} layout="vertical" onFinish={submit} disabled={save.isPending}>
            <Form.Item
              name="delivery"
              label={t('notificationSettings.delivery')}
              extra={t('notificationSettings.urgentHelp')}
            >
              <Radio.Group>
                <Space orientation="vertical">
                  {NOTIFICATION_DELIVERY_MODES.map((mode) => (
                    <Radio key={mode} value={mode}>
                      {t(`notificationSettings.delivery.${mode}`)}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="digestHour" label={t('notificationSettings.digestHour')}>
              <Select
                options={hours}
                disabled={delivery === 'IMMEDIATE' || save.isPending}
                className="settings-select"
              />
            </Form.Item>
            <Form.Item name="timeZone" label={t('notificationSettings.timeZone')}>
              <Select showSearch options={zones} className="settings-select" />
            </Form.Item>
            <Form.Item
              name="quietUntil"
              label={t('notificationSettings.quietUntil')}
              extra={t('notificationSettings.quietHelp')}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="settings-select" />
            </Form.Item>
            <Form.Item
              name="categories"
              label={t('notificationSettings.categories')}
              extra={t('notificationSettings.escalationHelp')}
            >
              <Checkbox.Group>
                <Space orientation="vertical">
                  {EMAIL_NOTIFICATION_CATEGORIES.map((category) => (
                    <Checkbox key={category} value={category}>
                      {t(`notifications.category.${category}`)}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('notificationSettings.save')}
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}

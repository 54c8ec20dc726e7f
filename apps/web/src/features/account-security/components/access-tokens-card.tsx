import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, List, Space, Typography } from 'antd';
import { ApiOutlined, CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MAX_ACCESS_TOKEN_DAYS } from '@rtms/shared/schemas/access-tokens';
import { useT } from '../../../lib/i18n/use-t';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { DateField } from '../../../components/data/date-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../../access-tokens/api/access-tokens';
import './access-tokens.css';

interface TokenForm {
  name: string;
  expiresOn: string | null;
}

const FIELDS = ['name', 'expiresOn'];

/**
 * Access tokens (Account security): personal tokens for Excel and Power BI. Create one with a name and a required
 * expiry (its secret is shown once, here, with a copy button), see each with its expiry and last use, revoke one.
 * A user holds at most a few (the server bounds them), so the list is whole.
 */
export function AccessTokensCard() {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const [form] = Form.useForm<TokenForm>();
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<string | null>(null);
  const [formError, setFormError] = useState<string>();
  const today = dayjs().format('YYYY-MM-DD');
  const last = dayjs().add(MAX_ACCESS_TOKEN_DAYS, 'day').format('YYYY-MM-DD');

  const submit = async (values: TokenForm) => {
    setFormError(undefined);
    try {
      const { data } = await create.mutateAsync({ name: values.name, expiresOn: values.expiresOn ?? '' });
      setCreated(data.token);
      form.resetFields();
    } catch (error) {
      setFormError(applyServerErrors(form, error, FIELDS, t));
    }
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created);
    void message.success(t('accessTokens.copied'));
  };

  const list = tokens.data?.data ?? [];
  return (
    <Card
      title={
        <h2 className="account-security__card-title">
          <ApiOutlined aria-hidden />
          {t('accessTokens.title')}
        </h2>
      }
    >
      <Typography.Paragraph>{t('accessTokens.intro')}</Typography.Paragraph>
      {created ? (
        <Alert
          type="warning"
          showIcon
          className="access-tokens__created"
          title={t('accessTokens.created')}
          description={
            <Space.Compact className="access-tokens__secret">
              <Input
                readOnly
                value={created}
                aria-label={t('accessTokens.token')}
                onFocus={(event) => event.target.select()}
              />
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
                {t('accessTokens.copy')}
              </Button>
            </Space.Compact>
          }
          closable={{ 'aria-label': t('accessTokens.hide'), onClose: () => setCreated(null) }}
        />
      ) : null}
      <Form<TokenForm> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
        <Form.Item
          label={t('accessTokens.name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('form.required', { field: t('accessTokens.name') }) },
            { max: 100, message: t('form.tooLong', { field: t('accessTokens.name'), max: 100 }) },
          ]}
        >
          <Input placeholder={t('accessTokens.namePlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item
          label={t('accessTokens.expiresOn')}
          name="expiresOn"
          extra={t('accessTokens.expiryHelp', { days: MAX_ACCESS_TOKEN_DAYS })}
          rules={[{ required: true, message: t('form.required', { field: t('accessTokens.expiresOn') }) }]}
        >
          <DateField
            aria-label={t('accessTokens.expiresOn')}
            disabledDate={(day) => day.format('YYYY-MM-DD') <= today || day.format('YYYY-MM-DD') > last}
          />
        </Form.Item>
        {formError ? <Alert type="error" title={formError} className="form-error" role="alert" /> : null}
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('accessTokens.create')}
        </Button>
      </Form>

      <Typography.Title level={3} className="access-tokens__list-title">
        {t('accessTokens.list')}
      </Typography.Title>
      {tokens.error ? <Alert type="error" showIcon title={tokens.error.message} role="alert" /> : null}
      <List
        loading={tokens.isPending}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accessTokens.empty')} /> }}
        renderItem={(token) => (
          <List.Item
            actions={[
              <ConfirmButton
                key="revoke"
                danger
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('accessTokens.revokeNamed', { name: token.name })}
                title={t('accessTokens.revokeConfirm')}
                okText={t('accessTokens.revoke')}
                onConfirm={() => revoke.mutateAsync(token._id).then(() => message.success(t('accessTokens.revoked')))}
              >
                {t('accessTokens.revoke')}
              </ConfirmButton>,
            ]}
          >
            <List.Item.Meta
              title={token.name}
              description={
                <>
                  <div>
                    {t('accessTokens.expiresOn')}: {format.date(token.expiresOn)}
                  </div>
                  <div>
                    {t('accessTokens.lastUsed')}:{' '}
                    {token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t('accessTokens.neverUsed')}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, List, Modal, Radio, Space, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CalendarFeedScope } from '@rtms/shared/schemas/calendar';
import { useT } from '../../../lib/i18n/use-t';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors } from '../../../components/data/zod-form';
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeeds } from '../api/calendar-feeds';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { RemoteSelect } from '../../../components/data/remote-select';

interface FeedForm {
  name: string;
  scope: CalendarFeedScope;
  facilityId?: string;
}

const FIELDS = ['name', 'scope', 'facilityId'];

/**
 * "Subscribe": create a named iCalendar feed of my tasks, all my facilities or one facility (its address is shown once,
 * here), see my feeds with when each was last fetched, revoke one or all.
 */
export function SubscribeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const [form] = Form.useForm<FeedForm>();
  const scope = Form.useWatch('scope', form);
  const feeds = useCalendarFeeds(open);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeeds();
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [formError, setFormError] = useState<string>();

  const close = () => {
    // The address is never shown again once the dialog closes.
    setCreatedUrl(null);
    setFormError(undefined);
    form.resetFields();
    onClose();
  };

  const submit = async (values: FeedForm) => {
    setFormError(undefined);
    try {
      const { data } = await create.mutateAsync({
        name: values.name,
        scope: values.scope,
        ...(values.scope === 'FACILITY' ? { facilityId: values.facilityId ?? null } : {}),
      });
      setCreatedUrl(data.url);
      form.resetFields();
    } catch (error) {
      setFormError(applyServerErrors(form, error, FIELDS, t));
    }
  };

  const copy = async () => {
    if (!createdUrl) return;
    await navigator.clipboard?.writeText(createdUrl);
    void message.success(t('feeds.copied'));
  };

  const list = feeds.data?.data ?? [];
  return (
    <Modal
      open={open}
      title={t('feeds.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('feeds.close')}</Button>}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph>{t('feeds.intro')}</Typography.Paragraph>
      {createdUrl ? (
        <Alert
          type="warning"
          showIcon
          className="calendar-feed__created"
          title={t('feeds.created')}
          description={
            <Space.Compact className="calendar-feed__url">
              <Input
                readOnly
                value={createdUrl}
                aria-label={t('feeds.url')}
                onFocus={(event) => event.target.select()}
              />
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
                {t('feeds.copy')}
              </Button>
            </Space.Compact>
          }
        />
      ) : null}
      <Form<FeedForm>
        form={form}
        layout="vertical"
        initialValues={{ scope: 'MINE' }}
        onFinish={(values) => void submit(values)}
        requiredMark
      >
        <Form.Item
          label={t('feeds.name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('form.required', { field: t('feeds.name') }) },
            { max: 100, message: t('form.tooLong', { field: t('feeds.name'), max: 100 }) },
          ]}
        >
          <Input placeholder={t('feeds.namePlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item label={t('feeds.scope')} name="scope">
          <Radio.Group
            options={[
              { value: 'MINE', label: t('feeds.scope.MINE') },
              { value: 'ALL', label: t('feeds.scope.ALL') },
              { value: 'FACILITY', label: t('feeds.scope.FACILITY') },
            ]}
          />
        </Form.Item>
        {scope === 'FACILITY' ? (
          <Form.Item
            label={t('feeds.facility')}
            name="facilityId"
            rules={[{ required: true, message: t('form.required', { field: t('feeds.facility') }) }]}
          >
            <RemoteSelect allowClear {...facilityOptions} label={t('feeds.facility')} />
          </Form.Item>
        ) : null}
        {formError ? <Alert type="error" title={formError} className="form-error" /> : null}
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('feeds.create')}
        </Button>
      </Form>

      <Flex justify="space-between" align="center" className="calendar-feed__list-head">
        <Typography.Title level={2} className="calendar-feed__list-title">
          {t('feeds.list')}
        </Typography.Title>
        {list.length > 1 ? (
          <ConfirmButton
            danger
            title={t('feeds.revokeAllConfirm')}
            okText={t('feeds.revokeAll')}
            onConfirm={() => revoke.mutateAsync(undefined).then(() => message.success(t('feeds.revoked')))}
          >
            {t('feeds.revokeAll')}
          </ConfirmButton>
        ) : null}
      </Flex>
      <List
        loading={feeds.isPending}
        dataSource={list}
        locale={{ emptyText: t('feeds.empty') }}
        renderItem={(feed) => (
          <List.Item
            actions={[
              <ConfirmButton
                key="revoke"
                danger
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('feeds.revokeNamed', { name: feed.name })}
                title={t('feeds.revokeConfirm')}
                okText={t('feeds.revoke')}
                onConfirm={() => revoke.mutateAsync(feed._id).then(() => message.success(t('feeds.revoked')))}
              >
                {t('feeds.revoke')}
              </ConfirmButton>,
            ]}
          >
            <List.Item.Meta
              title={feed.name}
              description={
                <>
                  <div>
                    {feed.scope === 'FACILITY'
                      ? (feed.facilityName ?? t('feeds.scope.FACILITY'))
                      : t(`feeds.scope.${feed.scope}`)}
                  </div>
                  <div>
                    {t('feeds.createdAt')}: {format.dateTime(feed.createdAt)} · {t('feeds.lastUsed')}:{' '}
                    {feed.lastUsedAt ? format.dateTime(feed.lastUsedAt) : t('feeds.neverUsed')}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}

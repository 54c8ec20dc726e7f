import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Grid, Input, Modal, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { can } from '@rtms/shared/permissions';
import { MAX_HOLIDAY_YEAR, MIN_HOLIDAY_YEAR, type Holiday } from '@rtms/shared/schemas/holidays';
import type { FacilityDetail } from '@rtms/shared/schemas/facilities';
import type { HolidayPreview } from '@rtms/shared/schemas/holidays';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { RequirementPreviewDiff } from '../../../components/schedule-preview/requirement-preview-diff';
import { useHolidays } from '../api/list-holidays';
import { type HolidayChange, usePreviewHolidayChange, useSaveHolidayChange } from '../api/change-holiday';
import './holidays.css';

interface AddValues {
  date?: string | null;
  name?: string;
}

/**
 * The facility's Holidays tab ("Business days and holidays"): a year of its calendar — the
 * public holidays of its country and state from the holiday library and the days added for it — and,
 * for those who may edit the facility, adding or removing a day. Every change first shows the tasks it
 * moves (the same preview as a requirement edit), and is saved only on confirmation.
 */
export function FacilityHolidaysSection({ facility, today }: { facility: FacilityDetail; today: string }) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatters();
  const me = useCurrentUser();
  const { message } = App.useApp();
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const [adding, setAdding] = useState(false);
  const [review, setReview] = useState<{ change: HolidayChange; preview: HolidayPreview } | null>(null);
  /** The day whose removal is being previewed (its button shows the wait). */
  const [pendingRemoval, setPendingRemoval] = useState<string | null>(null);
  const [addForm] = Form.useForm<AddValues>();
  // On a phone the remove buttons show only their icon (their accessible name stays complete).
  const wide = Grid.useBreakpoint().md ?? true;
  const list = useHolidays(facility._id, year);
  const preview = usePreviewHolidayChange(facility._id);
  const save = useSaveHolidayChange(facility._id);
  const mayEdit = can(me.role, 'facility:update');
  const page = list.data;
  const region = page?.meta.country ? [page.meta.country, page.meta.state].filter(Boolean).join('-') : null;
  const weekday = (date: string) => intl.formatDate(`${date}T00:00:00Z`, { weekday: 'long', timeZone: 'UTC' });

  const showError = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError && error.fieldErrors.length) {
      addForm.setFields(
        error.fieldErrors
          .filter((detail) => detail.path === 'date' || detail.path === 'name')
          .map((detail) => ({ name: detail.path as keyof AddValues, errors: [detail.message] })),
      );
    }
    void message.error(text);
  };

  const reviewChange = (change: HolidayChange) => {
    setPendingRemoval('remove' in change ? change.remove : null);
    preview.mutate(change, {
      onSuccess: ({ data }) => setReview({ change, preview: data }),
      onError: showError,
      onSettled: () => setPendingRemoval(null),
    });
  };

  const confirm = () => {
    if (!review) return;
    save.mutate(review.change, {
      onSuccess: ({ data, meta }) => {
        void message.success(
          t('add' in review.change ? 'holidays.added' : 'holidays.removed', {
            name: data.name,
            moved: meta.tasks.moved,
          }),
        );
        setReview(null);
        setAdding(false);
        addForm.resetFields();
      },
      onError: (error) => {
        setReview(null);
        showError(error);
      },
    });
  };

  const columns = [
    {
      title: t('holidays.date'),
      dataIndex: 'date',
      key: 'date',
      render: (date: string) => <span className="holidays__date">{format.date(date)}</span>,
    },
    { title: t('holidays.weekday'), dataIndex: 'date', key: 'weekday', render: weekday, responsive: ['md' as const] },
    {
      title: t('holidays.name'),
      dataIndex: 'name',
      key: 'name',
      // On a phone the source column is hidden; an added day is still marked beside its name.
      render: (name: string, holiday: Holiday) =>
        !wide && holiday.source === 'ADDED' ? (
          <>
            {name} <Tag color="purple">{t('holidays.source.ADDED')}</Tag>
          </>
        ) : (
          name
        ),
    },
    {
      title: t('holidays.source'),
      dataIndex: 'source',
      key: 'source',
      responsive: ['md' as const],
      render: (source: Holiday['source']) => (
        <Tag color={source === 'ADDED' ? 'purple' : 'blue'}>{t(`holidays.source.${source}`)}</Tag>
      ),
    },
    ...(mayEdit
      ? [
          {
            title: <span className="visually-hidden">{t('data.actions')}</span>,
            key: 'actions',
            render: (_: unknown, holiday: Holiday) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`${t('holidays.remove')} ${holiday.name} (${format.date(holiday.date)})`}
                loading={pendingRemoval === holiday.date}
                disabled={pendingRemoval !== null && pendingRemoval !== holiday.date}
                onClick={() => reviewChange({ remove: holiday.date })}
              >
                {wide ? t('holidays.remove') : null}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} className="holidays">
      {page ? (
        region ? (
          <Typography.Paragraph type="secondary" className="holidays__intro">
            {t('holidays.intro', { region })}
          </Typography.Paragraph>
        ) : (
          <Alert type="warning" showIcon title={t('holidays.noRegion')} />
        )
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={4} role="group" aria-label={t('holidays.year')} className="holidays__years">
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label={t('holidays.previousYear')}
            disabled={year <= MIN_HOLIDAY_YEAR}
            onClick={() => setYear(year - 1)}
          />
          <Typography.Text strong className="holidays__year" aria-live="polite">
            {year}
          </Typography.Text>
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label={t('holidays.nextYear')}
            disabled={year >= MAX_HOLIDAY_YEAR}
            onClick={() => setYear(year + 1)}
          />
        </Flex>
        {mayEdit ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('holidays.add')}
          </Button>
        ) : null}
      </Flex>
      {list.error ? (
        <Alert type="error" showIcon role="alert" title={t('holidays.loadFailed')} description={list.error.message} />
      ) : (
        <Table<Holiday>
          aria-label={t('holidays.listLabel', { name: facility.name, year })}
          rowKey="date"
          size="small"
          loading={list.isFetching}
          dataSource={page?.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('holidays.empty', { year }) }}
        />
      )}

      <Modal
        open={adding}
        title={t('holidays.addTitle')}
        okText={t('holidays.review')}
        cancelText={t('data.cancel')}
        onOk={() => addForm.submit()}
        onCancel={() => setAdding(false)}
        okButtonProps={{ loading: preview.isPending }}
        destroyOnHidden
      >
        <Form<AddValues>
          form={addForm}
          name="holiday"
          layout="vertical"
          onFinish={(values) => reviewChange({ add: { date: values.date ?? '', name: values.name ?? '' } })}
        >
          <Form.Item
            label={t('holidays.date')}
            name="date"
            rules={[{ required: true, message: t('form.invalidDate') }]}
          >
            <DateField className="input-full" />
          </Form.Item>
          <Form.Item
            label={t('holidays.name')}
            name="name"
            rules={[{ required: true, whitespace: true, message: t('holidays.nameRequired') }]}
          >
            <Input autoComplete="off" maxLength={120} placeholder={t('holidays.namePlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={Boolean(review)}
        width={760}
        title={
          review && 'remove' in review.change
            ? t('holidays.removeTitle', {
                name: page?.data.find((day) => day.date === (review.change as { remove: string }).remove)?.name ?? '',
                date: format.date(review.change.remove),
              })
            : t('holidays.addTitle')
        }
        okText={t('data.save')}
        okButtonProps={{ danger: Boolean(review && 'remove' in review.change), loading: save.isPending }}
        cancelText={review && 'remove' in review.change ? t('data.cancel') : t('preview.back')}
        cancelButtonProps={{ disabled: save.isPending }}
        onOk={confirm}
        onCancel={() => setReview(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('holidays.previewIntro')}</Typography.Paragraph>
        {review ? <RequirementPreviewDiff preview={{ added: [], moved: review.preview.moved, removed: [] }} /> : null}
      </Modal>
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { ExtensionRequest, ExtensionRequestListQuery, ExtensionRequestStatus } from '@rtms/shared/schemas/reviews';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { column, sortedColumn } from '../../../components/data/common-columns';
import type { ExportColumn } from '../../../components/data/export/export-types';
import { FormModal } from '../../../components/data/form-modal';
import { ListTable, type ListScreenData } from '../../../components/data/list-screen';
import { useTableUrlState } from '../../../components/data/use-table-url-state';
import { FilterSelect } from '../../../components/data/filter-select';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors } from '../../../components/data/zod-form';
import { extensionRequestsEndpoint, useDecideExtension } from '../api/reviews';

const FILTERS = ['status', 'facilityId'] as const;
const ALL = 'ALL';
const STATUS_COLORS: Record<ExtensionRequestStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red' };

function exportColumns(t: Translate): ExportColumn<ExtensionRequest>[] {
  return [
    { header: t('review.task'), value: (r) => r.taskTitle, width: 40 },
    { header: t('review.facility'), value: (r) => r.facilityName, width: 28 },
    { header: t('review.requester'), value: (r) => r.requesterName, width: 24 },
    { header: t('review.currentDueDate'), value: (r) => r.currentDueDate, width: 12 },
    { header: t('review.requestedDueDate'), value: (r) => r.requestedDueDate, width: 12 },
    { header: t('review.reason'), value: (r) => r.reason, width: 40 },
    { header: t('review.status'), value: (r) => t(`review.extensionStatus.${r.status}`), width: 16 },
    { header: t('review.requestedAt'), value: (r) => r.createdAt, width: 24 },
  ];
}

/** The rejection of a request: its reason is required. */
function RejectDialog({ request, onClose }: { request: ExtensionRequest | null; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const decide = useDecideExtension();
  const [formError, setFormError] = useState<string>();
  return (
    <FormModal<{ reason?: string }>
      open={request !== null}
      state={{ form, saving: decide.isPending, formError, clearFormError: () => setFormError(undefined) }}
      title={t('review.rejectTitle')}
      okText={t('review.reject')}
      okDanger
      requiredMark
      onClose={() => {
        form.resetFields();
        onClose();
      }}
      onFinish={(values) =>
        request &&
        decide.mutate(
          { id: request._id, body: { decision: 'REJECT', reason: values.reason } },
          {
            onSuccess: () => {
              void message.success(t('review.decided'));
              form.resetFields();
              onClose();
            },
            onError: (error) => setFormError(applyServerErrors(form, error, ['reason'], t)),
          },
        )
      }
    >
      <Form.Item
        name="reason"
        label={t('review.reason')}
        rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('review.reason') }) }]}
      >
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}

/** Extension requests of the caller's facilities (pending by default), each approved or rejected in place. */
export function ExtensionRequestsTable() {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  // Pending requests unless the address asks for another status (or ALL).
  const state = useTableUrlState<ExtensionRequestListQuery>({
    filters: FILTERS,
    prefix: 'ext',
    defaultSort: 'createdAt',
  });
  const chosen = state.filters.status;
  const status = chosen === ALL ? undefined : ((chosen ?? 'PENDING') as ExtensionRequestStatus);
  const result = extensionRequestsEndpoint.useList({ ...state.query, status });
  const list: ListScreenData<ExtensionRequest, (typeof FILTERS)[number], ExtensionRequestListQuery> = {
    state,
    result,
    list: (query, signal) => extensionRequestsEndpoint.list({ ...query, status }, signal),
  };
  const decide = useDecideExtension();
  const [rejecting, setRejecting] = useState<ExtensionRequest | null>(null);

  const columns = useMemo<ColumnsType<ExtensionRequest>>(
    () => [
      column(t('review.task'), 'task', (r) => <Link to={`/tasks/${r.taskId}`}>{r.taskTitle}</Link>, { width: 200 }),
      column(t('review.facility'), 'facility', (r) => <Link to={`/facilities/${r.facilityId}`}>{r.facilityName}</Link>),
      column(t('review.requester'), 'requester', (r) => r.requesterName),
      sortedColumn(t('review.requestedDueDate'), 'requestedDueDate', (r) => (
        <>
          {format.date(r.requestedDueDate)}
          <br />
          <small>
            {t('review.currentDueDate')}: {format.date(r.currentDueDate)}
          </small>
        </>
      )),
      column(t('review.reason'), 'reason', (r) => r.reason, { width: 220 }),
      column(t('review.status'), 'status', (r) => (
        <Tag color={STATUS_COLORS[r.status]}>{t(`review.extensionStatus.${r.status}`)}</Tag>
      )),
      sortedColumn(t('review.requestedAt'), 'createdAt', (r) => format.dateTime(r.createdAt)),
      column(t('review.decisionLabel'), 'actions', (r) =>
        r.status === 'PENDING' ? (
          <Space wrap>
            <ConfirmButton
              title={t('review.approveConfirm', { date: format.date(r.requestedDueDate) })}
              onConfirm={() =>
                decide.mutateAsync({ id: r._id, body: { decision: 'APPROVE' } }).then(
                  () => void message.success(t('review.decided')),
                  (error: unknown) => void message.error(error instanceof Error ? error.message : String(error)),
                )
              }
            >
              {t('review.approve')}
            </ConfirmButton>
            <Button danger onClick={() => setRejecting(r)}>
              {t('review.reject')}
            </Button>
          </Space>
        ) : (
          (r.decisionReason ?? '—')
        ),
      ),
    ],
    [t, format, decide, message],
  );

  return (
    <>
      <ListTable
        list={list}
        label={t('review.extensions')}
        messages="reviewExtensions"
        columns={columns}
        filters={
          <FilterSelect
            label={t('review.status')}
            allowClear={false}
            value={chosen ?? 'PENDING'}
            onChange={(value) => state.setFilter('status', value)}
            options={[
              ...(['PENDING', 'APPROVED', 'REJECTED'] as const).map((value) => ({
                value,
                label: t(`review.extensionStatus.${value}`),
              })),
              { value: ALL, label: t('reviewExtensions.all') },
            ]}
          />
        }
        exportOptions={{ fileName: 'extension-requests', sheetName: t('review.extensions'), columns: exportColumns }}
      />
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

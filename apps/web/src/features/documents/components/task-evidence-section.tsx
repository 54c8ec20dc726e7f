import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, Empty, Flex, Form, Input, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UploadOutlined } from '@ant-design/icons';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { can } from '@rtms/shared/permissions';
import { documentUploadFieldsSchema, type Document } from '@rtms/shared/schemas/documents';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useDocuments } from '../api/list-documents';
import { useUploadDocument } from '../api/upload-document';
import { DocumentCell } from './document-cell';
import './documents.css';
import { FilePicker } from './file-picker';
import { useDocumentActions } from './use-document-actions';
import { isAbortError, UploadProgress, useUploadProgress } from './use-upload-progress';
import { column } from '../../../components/data/common-columns';

/** What the evidence section needs to know about its task (a `TaskDetail` fits). */
export type EvidenceTask = Pick<
  TaskDetail,
  '_id' | 'title' | 'status' | 'timeZone' | 'evidenceRequired' | 'minEvidence' | 'evidenceCount'
>;

interface Values {
  evidenceDate?: string | null;
  file?: File | null;
  title?: string | null;
}

/** How many documents the task's requirement asks for before completion (the server's evidence gate). */
export function requiredEvidenceOf(task: Pick<EvidenceTask, 'evidenceRequired' | 'minEvidence'>): number {
  return task.evidenceRequired ? Math.max(1, task.minEvidence) : 0;
}

/**
 * The evidence of one task, for the task detail: the evidence rule and how many documents are attached
 * (said before anyone tries to complete), an upload with the date the evidence represents, and the list
 * of the task's evidence with preview, download and archive.
 */
export function TaskEvidenceSection({ task, showHeading = true }: { task: EvidenceTask; showHeading?: boolean }) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const uploading = useUploadProgress();
  const actions = useDocumentActions();
  const upload = useUploadDocument();
  const schemaForm = useSchemaForm(documentUploadFieldsSchema);
  const list = useDocuments({ kind: 'TASK', taskId: task._id, pageSize: 100, sort: '-evidenceDate' });
  const canAttach = can(me.role, 'task:attachEvidence');
  const canArchive = can(me.role, 'document:archive');
  const today = todayInTimeZone(task.timeZone);
  const labels = {
    evidenceDate: t('taskEvidence.evidenceDate'),
    file: t('documentUpload.file'),
    title: t('documents.title'),
  };

  const attached = list.data?.meta.total ?? task.evidenceCount;
  const required = requiredEvidenceOf(task);
  const count = attached;

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const fields = schemaForm.parse(
      form,
      { kind: 'TASK', taskId: task._id, evidenceDate: values.evidenceDate, title: values.title },
      labels,
    );
    if (!fields || !values.file) return;
    const file = values.file;
    upload.mutate(
      {
        fields: { kind: 'TASK', taskId: task._id, evidenceDate: fields.evidenceDate, title: fields.title },
        file,
        ...uploading.start(),
      },
      {
        onSuccess: () => {
          void message.success(t('taskEvidence.uploaded', { name: file.name }));
          form.setFieldsValue({ file: null, title: null });
        },
        onError: (error) => {
          if (!isAbortError(error)) setFormError(applyServerErrors(form, error, ['evidenceDate', 'title', 'file'], t));
        },
        onSettled: uploading.settled,
      },
    );
  };

  const columns = useMemo<ColumnsType<Document>>(
    () => [
      column(t('documents.document'), 'title', (document) => (
        <DocumentCell document={document} onOpen={actions.previewOf(document)} />
      )),
      column(t('taskEvidence.evidenceDate'), 'evidenceDate', (document) => format.date(document.evidenceDate)),
      column(t('documents.uploaded'), 'createdAt', (document) => (
        <Flex vertical>
          <span>{format.dateTime(document.createdAt)}</span>
          <Typography.Text type="secondary">{document.uploadedByName ?? '—'}</Typography.Text>
        </Flex>
      )),
      column(t('data.actions'), 'actions', (document) => actions.buttons(document, { archive: canArchive })),
    ],
    [t, format, actions, canArchive],
  );

  let rule;
  if (required === 0) {
    rule = <Alert className="evidence-rule" type="info" showIcon title={t('taskEvidence.optional', { count })} />;
  } else if (attached < required) {
    rule = (
      <Alert
        className="evidence-rule"
        type="warning"
        showIcon
        title={t('taskEvidence.ruleMissing', { required, count })}
        description={
          task.status === 'INCOMPLETE' ? t('taskEvidence.ruleMissingBody', { missing: required - attached }) : undefined
        }
      />
    );
  } else {
    rule = (
      <Alert className="evidence-rule" type="success" showIcon title={t('taskEvidence.ruleMet', { required, count })} />
    );
  }

  return (
    <section className="task-evidence" aria-label={t('taskEvidence.heading')}>
      {showHeading ? <Typography.Title level={4}>{t('taskEvidence.heading')}</Typography.Title> : null}
      {rule}
      {canAttach ? (
        <Form<Values>
          form={form}
          layout="vertical"
          className="evidence-form"
          onFinish={onFinish}
          disabled={upload.isPending}
          initialValues={{ evidenceDate: today }}
          requiredMark="optional"
        >
          {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label={labels.evidenceDate}
                name="evidenceDate"
                rules={[
                  { required: true, message: t('form.required', { field: labels.evidenceDate }) },
                  ...schemaForm.rules('evidenceDate', labels.evidenceDate),
                ]}
                extra={t('taskEvidence.evidenceDateHelp')}
              >
                <DateField className="input-full" disabledDate={(day) => day.format('YYYY-MM-DD') > today} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={labels.title} name="title" rules={schemaForm.rules('title', labels.title)}>
                <Input autoComplete="off" placeholder={t('documents.titlePlaceholder')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                label={labels.file}
                name="file"
                rules={[{ required: true, message: t('documentUpload.fileRequired') }]}
              >
                <FilePicker label={labels.file} compact />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} align="center" wrap>
            <Button type="primary" htmlType="submit" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('taskEvidence.upload')}
            </Button>
            {upload.isPending ? (
              <Button disabled={false} onClick={uploading.cancel}>
                {t('documentUpload.cancel')}
              </Button>
            ) : null}
          </Flex>
          <UploadProgress className="upload-progress" progress={uploading.progress} />
        </Form>
      ) : null}
      {list.error ? (
        <Alert type="error" showIcon role="alert" title={t('data.loadFailed')} description={list.error.message} />
      ) : null}
      <Table<Document>
        aria-label={t('taskEvidence.listLabel', { title: task.title })}
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isPending ? (
            <div className="data-table__loading" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('taskEvidence.empty')} />
          ),
        }}
      />
      {actions.dialogs}
    </section>
  );
}

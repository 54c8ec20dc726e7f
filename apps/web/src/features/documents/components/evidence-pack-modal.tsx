import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Row, Typography } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useIntl } from 'react-intl';
import { evidencePackQuerySchema } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { RemoteSelect, type RemoteOption } from '../../../components/data/remote-select';
import { downloadBlob } from '../../../components/data/export/download';
import { SchemaField, SchemaFields } from '../../../components/data/schema-field';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { fetchRequirementOptions } from '../api/reference-options';
import { formatFileSize } from '../../../components/document-format';
import './evidence-pack-modal.css';
import { downloadEvidencePack } from '../../evidence-packs/api/download-evidence-pack';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { useProgramAreaOptions } from '../../program-areas/api/program-area-options';

interface Values {
  facilityId?: string | null;
  requirementId?: string | null;
  programAreaId?: string | null;
  from?: string | null;
  to?: string | null;
}

const FIELDS = ['facilityId', 'requirementId', 'programAreaId', 'from', 'to'] as const;

export interface EvidencePackSelection {
  facilityId?: string;
  requirementId?: string;
  programAreaId?: string;
}

/**
 * The evidence pack an auditor asks for: choose a facility, a requirement and/or a program area and the
 * due-date range; the ZIP (every evidence file, an index as CSV and PDF, SHA256SUMS) is streamed from the
 * server with the session's token and saved under the name the server gives.
 */
export function EvidencePackModal({
  open,
  onClose,
  initial = {},
  knownOptions = [],
}: {
  open: boolean;
  onClose: () => void;
  /** A selection to start from (e.g. the facility of the page it opens from). */
  initial?: EvidencePackSelection;
  /** Labels of the initial selection's values. */
  knownOptions?: RemoteOption[];
}) {
  const t = useT();
  const programAreaOptions = useProgramAreaOptions();
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const [received, setReceived] = useState<number>();
  const abort = useRef<AbortController | null>(null);
  const schemaForm = useSchemaForm(evidencePackQuerySchema);
  const running = received !== undefined;
  const labels = {
    facilityId: t('documents.facility'),
    requirementId: t('taskDocuments.requirement'),
    programAreaId: t('documents.programArea'),
    from: t('evidencePack.from'),
    to: t('evidencePack.to'),
  };
  const { facilityId, requirementId, programAreaId } = initial;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      facilityId: facilityId ?? null,
      requirementId: requirementId ?? null,
      programAreaId: programAreaId ?? null,
      from: dayjs().startOf('year').format('YYYY-MM-DD'),
      to: dayjs().format('YYYY-MM-DD'),
    });
  }, [open, facilityId, requirementId, programAreaId, form]);

  const onFinish = async (values: Values) => {
    setFormError(undefined);
    const input = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
    );
    if (!input.facilityId && !input.requirementId && !input.programAreaId) {
      form.setFields([{ name: 'facilityId', errors: [t('evidencePack.chooseScope')] }]);
      return;
    }
    const query = schemaForm.parse(form, input, labels);
    if (!query) return;
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const file = await downloadEvidencePack(query, {
        signal: controller.signal,
        onProgress: (bytes) => setReceived(bytes),
      });
      downloadBlob(file.blob, file.fileName ?? `evidence-pack_${query.from}_${query.to}.zip`);
      void message.success(t('evidencePack.downloaded', { size: formatFileSize(intl, file.blob.size) }));
      onClose();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFormError(applyServerErrors(form, error, FIELDS, t));
    } finally {
      setReceived(undefined);
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('evidencePack.title')}
      onCancel={close}
      width={720}
      destroyOnHidden
      forceRender
      afterClose={() => setFormError(undefined)}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('data.cancel')}</Button>
          <Button type="primary" icon={<FileZipOutlined />} loading={running} onClick={() => form.submit()}>
            {t('evidencePack.download')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('evidencePack.body')}</Typography.Paragraph>
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        className="evidence-pack__scope"
        onFinish={(values) => void onFinish(values)}
        disabled={running}
      >
        <Row gutter={16}>
          <SchemaFields rules={schemaForm.rules} labels={labels}>
            <SchemaField name="facilityId" wide validate={false} extra={t('evidencePack.scopeHelp')}>
              <RemoteSelect allowClear {...facilityOptions} label={labels.facilityId} knownOptions={knownOptions} />
            </SchemaField>
            <SchemaField name="requirementId" validate={false}>
              <RemoteSelect
                allowClear
                label={labels.requirementId}
                queryKey={['requirements', 'options']}
                fetchOptions={fetchRequirementOptions}
                knownOptions={knownOptions}
              />
            </SchemaField>
            <SchemaField name="programAreaId" validate={false}>
              <RemoteSelect
                {...programAreaOptions}
                allowClear
                label={labels.programAreaId}
                knownOptions={knownOptions}
              />
            </SchemaField>
            <SchemaField name="from" required>
              <DateField className="input-full" />
            </SchemaField>
            <SchemaField
              name="to"
              required
              dependencies={['from']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | null) => {
                    const from = getFieldValue('from') as string | null;
                    if (from && value && value < from) throw new Error(t('evidencePack.toBeforeFrom'));
                  },
                }),
              ]}
              extra={t('evidencePack.rangeHelp')}
            >
              <DateField className="input-full" />
            </SchemaField>
          </SchemaFields>
        </Row>
      </Form>
      {running ? (
        <Alert
          type="info"
          showIcon
          title={
            received
              ? t('evidencePack.receiving', { size: formatFileSize(intl, received) })
              : t('evidencePack.preparing')
          }
        />
      ) : null}
    </Modal>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Col, Drawer, Flex, Form, Input, Progress, Row, Switch } from 'antd';
import { DRAWER_WIDTH_LARGE } from '@rtms/shared/constants';
import { can, seesAllFacilities } from '@rtms/shared/permissions';
import {
  documentUploadFieldsSchema,
  updateDocumentBodySchema,
  type Document,
  type DocumentDetail,
} from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { useInterfaceSettings } from '../../../lib/interface-settings/settings-store';
import { DateField } from '../../../components/data/date-field';
import { RemoteSelect, type RemoteOption } from '../../../components/data/remote-select';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { fetchProgramAreaOptions } from '../../program-areas/api/program-area-options';
import { fetchRegulationOptions } from '../api/reference-options';
import { useUpdateDocument } from '../api/update-document';
import { useUploadDocument } from '../api/upload-document';
import './documents.css';
import { FilePicker } from './file-picker';
import { TagsSelect } from './tags-select';

interface Values {
  file?: File | null;
  title?: string | null;
  description?: string | null;
  tags?: string[];
  facilityId?: string | null;
  programAreaId?: string | null;
  regulationId?: string | null;
  retainUntil?: string | null;
  legalHold?: boolean;
}

const FIELDS = [
  'file',
  'title',
  'description',
  'tags',
  'facilityId',
  'programAreaId',
  'regulationId',
  'retainUntil',
  'legalHold',
] as const;

/** "plan_2026-v3.pdf" → "plan_2026-v3": the title a file suggests. */
function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/**
 * Upload a library document (permit, plan, procedure) with its metadata, or edit the metadata of one.
 * The upload shows its progress and can be cancelled.
 */
export function LibraryDocumentDrawer({
  open,
  document,
  onClose,
}: {
  open: boolean;
  /** The document to edit; a new upload when absent. */
  document?: Document | DocumentDetail;
  onClose: () => void;
}) {
  const t = useT();
  const me = useCurrentUser();
  const { message } = App.useApp();
  const { settings } = useInterfaceSettings();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadDocument();
  const update = useUpdateDocument();
  const uploadForm = useSchemaForm(documentUploadFieldsSchema);
  const updateForm = useSchemaForm(updateDocumentBodySchema);
  const isEdit = Boolean(document);
  const rules = isEdit ? updateForm.rules : uploadForm.rules;
  const saving = upload.isPending || update.isPending;
  const mayRetain = can(me.role, 'document:archive');
  const companyWideAllowed = seesAllFacilities(me.role);
  const labels = {
    file: t('documentUpload.file'),
    title: t('documents.title'),
    description: t('documents.description'),
    tags: t('documents.tags'),
    facilityId: t('documents.facility'),
    programAreaId: t('documents.programArea'),
    regulationId: t('documents.regulation'),
    retainUntil: t('documents.retainUntil'),
    legalHold: t('documents.legalHold'),
  };
  const known = (id: string | null | undefined, label: string | null | undefined): RemoteOption[] =>
    id && label ? [{ value: id, label }] : [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (document) {
      form.setFieldsValue({
        title: document.title,
        description: document.description,
        tags: document.tags,
        facilityId: document.facilityId,
        programAreaId: document.programAreaId,
        regulationId: document.regulationId,
        retainUntil: document.retainUntil,
        legalHold: document.legalHold,
      });
    }
  }, [open, document, form]);

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const onError = (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFormError(applyServerErrors(form, error, FIELDS, t));
    };
    const common = {
      title: values.title,
      description: values.description,
      tags: values.tags ?? [],
      facilityId: values.facilityId,
      programAreaId: values.programAreaId,
      regulationId: values.regulationId,
      ...(mayRetain ? { retainUntil: values.retainUntil } : {}),
    };
    if (document) {
      const body = updateForm.parse(
        form,
        { ...common, ...(mayRetain ? { legalHold: Boolean(values.legalHold) } : {}) },
        labels,
      );
      if (!body) return;
      update.mutate(
        { id: document._id, body },
        {
          onSuccess: ({ data }) => {
            void message.success(t('documentsLibrary.saved', { title: data.title }));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const fields = uploadForm.parse(form, { kind: 'LIBRARY', ...common }, labels);
    if (!fields || !values.file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      {
        fields: { ...fields, kind: 'LIBRARY' },
        file: values.file,
        signal: controller.signal,
        onProgress: (sent, total) => setProgress(Math.round((sent / total) * 100)),
      },
      {
        onSuccess: ({ data }) => {
          void message.success(t('documentsLibrary.uploaded', { title: data.title }));
          onClose();
        },
        onError,
        onSettled: () => {
          setProgress(undefined);
          abort.current = null;
        },
      },
    );
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size={settings.width < DRAWER_WIDTH_LARGE + 40 ? '100%' : DRAWER_WIDTH_LARGE}
      title={
        isEdit ? t('documentsLibrary.editTitle', { title: document?.title ?? '' }) : t('documentsLibrary.uploadTitle')
      }
      destroyOnHidden
      forceRender
      afterOpenChange={(visible) => {
        if (!visible) setFormError(undefined);
      }}
      mask={{ closable: !saving }}
      footer={
        <Flex vertical gap={8}>
          {progress !== undefined ? (
            <Progress percent={progress} size="small" aria-label={t('documentUpload.progress')} />
          ) : null}
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>{upload.isPending ? t('documentUpload.cancel') : t('data.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              {isEdit ? t('data.save') : t('documentsLibrary.upload')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={saving}
        requiredMark="optional"
        scrollToFirstError
      >
        <Row gutter={16}>
          {isEdit ? null : (
            <Col span={24}>
              <Form.Item
                label={labels.file}
                name="file"
                rules={[{ required: true, message: t('documentUpload.fileRequired') }]}
              >
                <FilePicker
                  label={labels.file}
                  onPicked={(file) => {
                    if (!form.getFieldValue('title')) form.setFieldValue('title', titleFromFileName(file.name));
                  }}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item
              label={labels.title}
              name="title"
              rules={
                isEdit
                  ? rules('title', labels.title)
                  : [
                      { required: true, message: t('form.required', { field: labels.title }) },
                      ...rules('title', labels.title),
                    ]
              }
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={labels.description} name="description" rules={rules('description', labels.description)}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label={labels.tags}
              name="tags"
              rules={rules('tags', labels.tags)}
              extra={t('documentsLibrary.tagsHelp')}
            >
              <TagsSelect label={labels.tags} kind="LIBRARY" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.facilityId}
              name="facilityId"
              rules={
                companyWideAllowed
                  ? rules('facilityId', labels.facilityId)
                  : [{ required: true, message: t('documentsLibrary.facilityRequired') }]
              }
              extra={companyWideAllowed ? t('documentsLibrary.facilityHelp') : undefined}
            >
              <RemoteSelect
                allowClear
                label={labels.facilityId}
                queryKey={['facilities', 'options']}
                fetchOptions={fetchFacilityOptions}
                knownOptions={known(document?.facilityId, document?.facilityName)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.programAreaId}
              name="programAreaId"
              rules={rules('programAreaId', labels.programAreaId)}
            >
              <RemoteSelect
                allowClear
                label={labels.programAreaId}
                queryKey={['program-areas', 'options']}
                fetchOptions={(search) => fetchProgramAreaOptions(search, t('data.inactive'))}
                knownOptions={known(document?.programAreaId, document?.programAreaName)}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label={labels.regulationId}
              name="regulationId"
              rules={rules('regulationId', labels.regulationId)}
            >
              <RemoteSelect
                allowClear
                label={labels.regulationId}
                queryKey={['regulations', 'options']}
                fetchOptions={fetchRegulationOptions}
                knownOptions={known(document?.regulationId, document?.regulationTitle)}
              />
            </Form.Item>
          </Col>
          {mayRetain ? (
            <>
              <Col xs={24} md={12}>
                <Form.Item
                  label={labels.retainUntil}
                  name="retainUntil"
                  rules={rules('retainUntil', labels.retainUntil)}
                  extra={t('documentsArchive.retainUntilHelp')}
                >
                  <DateField className="input-full" />
                </Form.Item>
              </Col>
              {isEdit ? (
                <Col xs={24} md={12}>
                  <Form.Item
                    label={labels.legalHold}
                    name="legalHold"
                    valuePropName="checked"
                    extra={t('documentsArchive.legalHoldHelp')}
                  >
                    <Switch />
                  </Form.Item>
                </Col>
              ) : null}
            </>
          ) : null}
        </Row>
      </Form>
    </Drawer>
  );
}

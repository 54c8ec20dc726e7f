import { useEffect, useState } from 'react';
import { App, Form, Input, Row, Switch } from 'antd';
import { can, seesAllFacilities } from '@rtms/shared/permissions';
import {
  documentUploadFieldsSchema,
  updateDocumentBodySchema,
  type Document,
  type DocumentDetail,
} from '@rtms/shared/schemas/documents';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { FormDrawer } from '../../../components/data/form-drawer';
import { SchemaField, SchemaFields } from '../../../components/data/schema-field';
import { RemoteSelect, type RemoteOption } from '../../../components/data/remote-select';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { fetchRegulationOptions } from '../api/reference-options';
import { useUpdateDocument } from '../api/update-document';
import { useUploadDocument } from '../api/upload-document';
import './documents.css';
import { FilePicker } from './file-picker';
import { TagsSelect } from './tags-select';
import { isAbortError, UploadProgress, useUploadProgress } from './use-upload-progress';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { useProgramAreaOptions } from '../../program-areas/api/program-area-options';

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
  const programAreaOptions = useProgramAreaOptions();
  const me = useCurrentUser();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const uploading = useUploadProgress();
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
      if (!isAbortError(error)) setFormError(applyServerErrors(form, error, FIELDS, t));
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
    upload.mutate(
      { fields: { ...fields, kind: 'LIBRARY' }, file: values.file, ...uploading.start() },
      {
        onSuccess: ({ data }) => {
          void message.success(t('documentsLibrary.uploaded', { title: data.title }));
          onClose();
        },
        onError,
        onSettled: uploading.settled,
      },
    );
  };

  const close = () => {
    uploading.cancel();
    onClose();
  };

  return (
    <FormDrawer<Values>
      open={open}
      state={{ form, saving, formError, clearFormError: () => setFormError(undefined) }}
      title={
        isEdit ? t('documentsLibrary.editTitle', { title: document?.title ?? '' }) : t('documentsLibrary.uploadTitle')
      }
      onClose={close}
      onFinish={onFinish}
      submit={{ text: isEdit ? t('data.save') : t('documentsLibrary.upload') }}
      cancel={{ text: upload.isPending ? t('documentUpload.cancel') : t('data.cancel'), whileBusy: true }}
      footerNote={<UploadProgress progress={uploading.progress} />}
    >
      <Row gutter={16}>
        <SchemaFields rules={rules} labels={labels}>
          {isEdit ? null : (
            <SchemaField
              name="file"
              wide
              validate={false}
              rules={[{ required: true, message: t('documentUpload.fileRequired') }]}
            >
              <FilePicker
                label={labels.file}
                onPicked={(file) => {
                  if (!form.getFieldValue('title')) form.setFieldValue('title', titleFromFileName(file.name));
                }}
              />
            </SchemaField>
          )}
          <SchemaField name="title" wide required={!isEdit}>
            <Input autoComplete="off" />
          </SchemaField>
          <SchemaField name="description" wide>
            <Input.TextArea rows={3} />
          </SchemaField>
          <SchemaField name="tags" wide extra={t('documentsLibrary.tagsHelp')}>
            <TagsSelect label={labels.tags} kind="LIBRARY" />
          </SchemaField>
          <SchemaField
            name="facilityId"
            validate={companyWideAllowed}
            rules={companyWideAllowed ? [] : [{ required: true, message: t('documentsLibrary.facilityRequired') }]}
            extra={companyWideAllowed ? t('documentsLibrary.facilityHelp') : undefined}
          >
            <RemoteSelect
              allowClear
              {...facilityOptions}
              label={labels.facilityId}
              knownOptions={known(document?.facilityId, document?.facilityName)}
            />
          </SchemaField>
          <SchemaField name="programAreaId">
            <RemoteSelect
              {...programAreaOptions}
              allowClear
              label={labels.programAreaId}
              knownOptions={known(document?.programAreaId, document?.programAreaName)}
            />
          </SchemaField>
          <SchemaField name="regulationId" wide>
            <RemoteSelect
              allowClear
              label={labels.regulationId}
              queryKey={['regulations', 'options']}
              fetchOptions={fetchRegulationOptions}
              knownOptions={known(document?.regulationId, document?.regulationTitle)}
            />
          </SchemaField>
          {mayRetain ? (
            <>
              <SchemaField name="retainUntil" extra={t('documentsArchive.retainUntilHelp')}>
                <DateField className="input-full" />
              </SchemaField>
              {isEdit ? (
                <SchemaField
                  name="legalHold"
                  validate={false}
                  valuePropName="checked"
                  extra={t('documentsArchive.legalHoldHelp')}
                >
                  <Switch />
                </SchemaField>
              ) : null}
            </>
          ) : null}
        </SchemaFields>
      </Row>
    </FormDrawer>
  );
}

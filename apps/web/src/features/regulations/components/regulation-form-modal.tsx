import { useEffect, useState } from 'react';
import { App, Form, Input, Select } from 'antd';
import { JURISDICTIONS, type Jurisdiction } from '@rtms/shared/enums';
import {
  createRegulationBodySchema,
  updateRegulationBodySchema,
  type Regulation,
} from '@rtms/shared/schemas/regulations';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useCreateRegulation } from '../api/create-regulation';
import { useUpdateRegulation } from '../api/update-regulation';

interface Values {
  title?: string;
  citation?: string | null;
  agency?: string | null;
  jurisdiction?: Jurisdiction;
  link?: string | null;
  description?: string | null;
}

const FIELDS = ['title', 'citation', 'agency', 'jurisdiction', 'link', 'description'] as const;

/** Create or edit a regulation (Settings). */
export function RegulationFormModal({
  open,
  regulation,
  onClose,
}: {
  open: boolean;
  regulation?: Regulation;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const create = useCreateRegulation();
  const update = useUpdateRegulation();
  const createForm = useSchemaForm(createRegulationBodySchema);
  const updateForm = useSchemaForm(updateRegulationBodySchema);
  const rules = regulation ? updateForm.rules : createForm.rules;
  const saving = create.isPending || update.isPending;
  const labels = {
    title: t('regulations.title'),
    citation: t('regulations.citation'),
    agency: t('regulations.agency'),
    jurisdiction: t('regulations.jurisdiction'),
    link: t('regulations.link'),
    description: t('regulations.description'),
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (regulation) form.setFieldsValue(regulation);
  }, [open, regulation, form]);

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const input = Object.fromEntries(FIELDS.map((field) => [field, values[field]]));
    const onError = (error: unknown) => setFormError(applyServerErrors(form, error, FIELDS, t));
    const onSuccess = ({ data }: { data: Regulation }) => {
      void message.success(
        regulation ? t('regulations.saved', { title: data.title }) : t('regulations.created', { title: data.title }),
      );
      onClose();
    };
    if (regulation) {
      const body = updateForm.parse(form, input, labels);
      if (body) update.mutate({ id: regulation._id, body }, { onSuccess, onError });
    } else {
      const body = createForm.parse(form, input, labels);
      if (body) create.mutate(body, { onSuccess, onError });
    }
  };

  return (
    <FormModal<Values>
      open={open}
      form={form}
      title={regulation ? t('regulations.editTitle') : t('regulations.createTitle')}
      okText={regulation ? t('data.save') : t('regulations.create')}
      saving={saving}
      formError={formError}
      onClose={onClose}
      onFinish={onFinish}
      afterClose={() => setFormError(undefined)}
      width={640}
    >
      <Form.Item label={labels.title} name="title" rules={rules('title', labels.title)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={labels.citation}
        name="citation"
        rules={rules('citation', labels.citation)}
        extra={t('regulations.citationHelp')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={labels.agency} name="agency" rules={rules('agency', labels.agency)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={labels.jurisdiction} name="jurisdiction" rules={rules('jurisdiction', labels.jurisdiction)}>
        <Select
          placeholder={t('regulations.chooseJurisdiction')}
          options={JURISDICTIONS.map((value) => ({ value, label: t(`jurisdiction.${value}`) }))}
        />
      </Form.Item>
      <Form.Item label={labels.link} name="link" rules={rules('link', labels.link)}>
        <Input type="url" autoComplete="off" placeholder="https://" />
      </Form.Item>
      <Form.Item label={labels.description} name="description" rules={rules('description', labels.description)}>
        <Input.TextArea rows={4} />
      </Form.Item>
    </FormModal>
  );
}

import { useEffect, useState } from 'react';
import { App, Form, Input } from 'antd';
import {
  createProgramAreaBodySchema,
  updateProgramAreaBodySchema,
  type ProgramArea,
} from '@rtms/shared/schemas/program-areas';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useCreateProgramArea } from '../api/create-program-area';
import { useUpdateProgramArea } from '../api/update-program-area';

interface Values {
  name?: string;
  description?: string | null;
}

const FIELDS = ['name', 'description'] as const;

/** Create or edit a program area (Settings). Names are unique. */
export function ProgramAreaFormModal({
  open,
  programArea,
  onClose,
}: {
  open: boolean;
  programArea?: ProgramArea;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const create = useCreateProgramArea();
  const update = useUpdateProgramArea();
  const createForm = useSchemaForm(createProgramAreaBodySchema);
  const updateForm = useSchemaForm(updateProgramAreaBodySchema);
  const rules = programArea ? updateForm.rules : createForm.rules;
  const saving = create.isPending || update.isPending;
  const labels = { name: t('programAreas.name'), description: t('programAreas.description') };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (programArea) form.setFieldsValue({ name: programArea.name, description: programArea.description });
  }, [open, programArea, form]);

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const input = { name: values.name, description: values.description };
    const onError = (error: unknown) => setFormError(applyServerErrors(form, error, FIELDS, t, ['name']));
    const onSuccess = ({ data }: { data: ProgramArea }) => {
      void message.success(
        programArea ? t('programAreas.saved', { name: data.name }) : t('programAreas.created', { name: data.name }),
      );
      onClose();
    };
    if (programArea) {
      const body = updateForm.parse(form, input, labels);
      if (body) update.mutate({ id: programArea._id, body }, { onSuccess, onError });
    } else {
      const body = createForm.parse(form, input, labels);
      if (body) create.mutate(body, { onSuccess, onError });
    }
  };

  return (
    <FormModal<Values>
      open={open}
      form={form}
      title={programArea ? t('programAreas.editTitle') : t('programAreas.createTitle')}
      okText={programArea ? t('data.save') : t('programAreas.create')}
      saving={saving}
      formError={formError}
      onClose={onClose}
      onFinish={onFinish}
      afterClose={() => setFormError(undefined)}
    >
      <Form.Item label={labels.name} name="name" rules={rules('name', labels.name)} extra={t('programAreas.nameHelp')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={labels.description} name="description" rules={rules('description', labels.description)}>
        <Input.TextArea rows={4} />
      </Form.Item>
    </FormModal>
  );
}

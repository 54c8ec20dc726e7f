import { useEffect, useState } from 'react';
import { Form } from 'antd';
import type { z } from 'zod';
import { useT } from '../../lib/i18n/use-t';
import { useSavedHandler, type FormMutation } from './use-mutation-form';
import { applyServerErrors, useSchemaForm } from './zod-form';


type Output<Shape extends z.core.$ZodLooseShape> = z.output<z.ZodObject<Shape>>;

/**
 * The state of a form that creates a record or edits `record` (a program area, a regulation, a facility):
 * the antd form, filled when the form opens (`valuesOf`); the create or the update schema's rules; and
 * `submit`, which parses the input with the schema of the case and runs its mutation. A server error lands on
 * its field (`fields`; a conflict on one of `uniqueFields` reads "already used") or in `formError`.
 */
export function useRecordForm<
  Values extends object,
  Record_ extends { _id: string },
  CreateShape extends z.core.$ZodLooseShape,
  UpdateShape extends z.core.$ZodLooseShape,
  Result,
>({
  open,
  record,
  valuesOf,
  createSchema,
  updateSchema,
  create,
  update,
  fields,
  uniqueFields,
  savedMessage,
  onSaved,
}: {
  open: boolean;
  record: Record_ | undefined;
  /** The values the form opens with: the record's, or a new record's defaults. */
  valuesOf: (record: Record_ | undefined) => Values | undefined;
  createSchema: z.ZodObject<CreateShape>;
  updateSchema: z.ZodObject<UpdateShape>;
  create: FormMutation<Output<CreateShape>, Result>;
  update: FormMutation<{ id: string; body: Output<UpdateShape> }, Result>;
  fields: readonly string[];
  uniqueFields?: readonly string[];
  /** The success message once saved. */
  savedMessage?: (result: Result) => string;
  onSaved: (result: Result) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const createForm = useSchemaForm(createSchema);
  const updateForm = useSchemaForm(updateSchema);
  const saved = useSavedHandler(savedMessage, onSaved);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values = valuesOf(record);
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    // When the form opens or its record changes: `valuesOf` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);

  const submit = (input: Record<string, unknown>, labels: Partial<Record<string, string>>) => {
    setFormError(undefined);
    const callbacks = {
      onSuccess: saved,
      onError: (error: unknown) => setFormError(applyServerErrors(form, error, fields, t, uniqueFields)),
    };
    if (record) {
      const body = updateForm.parse(form, input, labels);
      if (body) update.mutate({ id: record._id, body }, callbacks);
    } else {
      const body = createForm.parse(form, input, labels);
      if (body) create.mutate(body, callbacks);
    }
  };

  return {
    form,
    formError,
    clearFormError: () => setFormError(undefined),
    rules: record ? updateForm.rules : createForm.rules,
    saving: create.isPending || update.isPending,
    submit,
  };
}

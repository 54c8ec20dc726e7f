import { useEffect, useState } from 'react';
import { App, Form } from 'antd';
import type { z } from 'zod';
import { useT } from '../../lib/i18n/use-t';
import type { FormState } from './form-state';
import { applyServerErrors, useSchemaForm, type SchemaForm } from './zod-form';

/** A TanStack mutation as a form uses it. */
export interface FormMutation<Variables, Result> {
  mutate(variables: Variables, options: { onSuccess: (result: Result) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/**
 * What a form does once saved: `savedMessage` of the result as a success message (where given), then `onSaved`
 * (typically closing the form).
 */
export function useSavedHandler<Result>(
  savedMessage: ((result: Result) => string) | undefined,
  onSaved: (result: Result) => void,
): (result: Result) => void {
  const { message } = App.useApp();
  return (result) => {
    if (savedMessage) void message.success(savedMessage(result));
    onSaved(result);
  };
}

/**
 * The state of a form that runs one mutation (archive a document, set its retention, assign users): the antd
 * form, emptied each time the form opens or its record changes and filled with `valuesOf()`; the schema's
 * rules; and `submit`, which parses the input with the schema and runs the mutation on what `variablesOf`
 * makes of the body. A server error lands on its field (`fields`) or in `formError`.
 */
export function useMutationForm<Values extends object, Shape extends z.core.$ZodLooseShape, Variables, Result>({
  open,
  record,
  valuesOf,
  schema,
  mutation,
  fields,
  savedMessage,
  onSaved,
}: {
  open: boolean;
  /** What the form is about, when it has one: a change of it refills the form. */
  record?: unknown;
  valuesOf?: () => Values | undefined;
  schema: z.ZodObject<Shape>;
  mutation: FormMutation<Variables, Result>;
  fields: readonly string[];
  savedMessage?: (result: Result) => string;
  onSaved: (result: Result) => void;
}): FormState<Values> & {
  rules: SchemaForm<Shape>['rules'];
  submit: (
    input: Record<string, unknown>,
    labels: Partial<Record<string, string>>,
    variablesOf: (body: z.output<z.ZodObject<Shape>>) => Variables,
  ) => void;
} {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const schemaForm = useSchemaForm(schema);
  const saved = useSavedHandler(savedMessage, onSaved);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values = valuesOf?.();
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    // When the form opens or its record changes: `valuesOf` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);

  const submit = (
    input: Record<string, unknown>,
    labels: Partial<Record<string, string>>,
    variablesOf: (body: z.output<z.ZodObject<Shape>>) => Variables,
  ) => {
    setFormError(undefined);
    const body = schemaForm.parse(form, input, labels);
    if (!body) return;
    mutation.mutate(variablesOf(body), {
      onSuccess: saved,
      onError: (error) => setFormError(applyServerErrors(form, error, fields, t)),
    });
  };

  return {
    form,
    formError,
    clearFormError: () => setFormError(undefined),
    rules: schemaForm.rules,
    saving: mutation.isPending,
    submit,
  };
}

import { useCallback, useMemo } from 'react';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';

type Translate = ReturnType<typeof useT>;
type Issue = z.core.$ZodIssue;

/** Messages for issue codes a schema's own (English) message would otherwise show, e.g. `{custom: 'Not a time zone'}`. */
export type IssueMessages = Partial<Record<Issue['code'] | `format:${string}`, string>>;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The most telling issue inside a union (the branch that got furthest, e.g. "not a URL" rather than "not empty"). */
function unionLeaf(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue;
  const nested = issue.errors.flat();
  return nested.find((inner) => inner.code !== 'invalid_value') ?? nested[0] ?? issue;
}

/**
 * A translated message for one zod issue of the field `label`. Shared schemas carry English
 * messages; the form shows the interface language instead, keyed by the issue's code.
 */
export function zodIssueMessage(rawIssue: Issue, value: unknown, label: string, t: Translate, overrides: IssueMessages = {}): string {
  const issue = unionLeaf(rawIssue);
  const field = label;
  if (issue.code === 'invalid_format' && overrides[`format:${issue.format}`]) return overrides[`format:${issue.format}`]!;
  if (overrides[issue.code]) return overrides[issue.code]!;
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(value)) return t('form.required', { field });
      return issue.expected === 'number' ? t('form.notNumber', { field }) : t('form.invalid', { field });
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('form.required', { field }) : t('form.tooShort', { field, min: Number(issue.minimum) });
      if (issue.origin === 'array') return t('form.chooseAtLeast', { min: Number(issue.minimum) });
      return t('form.min', { field, min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('form.tooLong', { field, max: Number(issue.maximum) });
      if (issue.origin === 'array') return t('form.chooseAtMost', { max: Number(issue.maximum) });
      return t('form.max', { field, max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return t('form.invalidEmail');
      if (issue.format === 'url') return t('form.invalidUrl');
      return t('form.invalidFormat', { field });
    case 'invalid_value':
      return t('form.chooseOne', { field });
    default:
      return t('form.invalid', { field });
  }
}

/** An emptied input (`''`, `undefined`) means "no value": null, which clears an optional field on update. */
function normalize(value: unknown): unknown {
  return value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;
}

export interface SchemaForm<Shape extends z.core.$ZodLooseShape> {
  /**
   * antd rules for one field, from that field's schema in the shared (server) schema. The field is
   * marked required when its schema refuses an empty value.
   */
  rules(name: keyof Shape & string, label: string, overrides?: IssueMessages): FormRule[];
  /**
   * Parses the whole form with the shared schema on submit (an empty input is sent as null, which
   * clears an optional field). On failure it puts each issue on its field and returns undefined; on
   * success it returns the schema's output (trimmed, normalised).
   */
  parse<F extends FormInstance>(form: F, values: unknown, labels: Partial<Record<keyof Shape & string, string>>): z.output<z.ZodObject<Shape>> | undefined;
}

/**
 * Form validation from the same zod schema the server validates with: per-field rules while
 * typing and a whole-object parse on submit, with messages in the interface language.
 */
export function useSchemaForm<Shape extends z.core.$ZodLooseShape>(schema: z.ZodObject<Shape>): SchemaForm<Shape> {
  const t = useT();
  const shape = schema.shape as Record<string, z.ZodType>;

  const rules = useCallback(
    (name: string, label: string, overrides: IssueMessages = {}): FormRule[] => {
      const fieldSchema = shape[name];
      if (!fieldSchema) return [];
      const required = !fieldSchema.safeParse(undefined).success;
      return [
        { required, message: t('form.required', { field: label }) },
        {
          validator: async (_rule, value: unknown) => {
            if (isBlank(value)) return; // the `required` rule reports a missing required value
            const result = fieldSchema.safeParse(value);
            if (!result.success && result.error.issues[0]) {
              throw new Error(zodIssueMessage(result.error.issues[0], value, label, t, overrides));
            }
          },
        },
      ];
    },
    [shape, t],
  );

  const parse = useCallback(
    (form: FormInstance, values: unknown, labels: Record<string, string>) => {
      const input =
        values && typeof values === 'object'
          ? Object.fromEntries(Object.entries(values as Record<string, unknown>).map(([key, value]) => [key, normalize(value)]))
          : values;
      const result = schema.safeParse(input);
      if (result.success) return result.data;
      const byField = new Map<string, string>();
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (!name || byField.has(name)) continue;
        const value = (input as Record<string, unknown> | undefined)?.[name];
        byField.set(name, zodIssueMessage(issue, value, labels[name] ?? name, t));
      }
      form.setFields([...byField].map(([name, message]) => ({ name, errors: [message] })));
      return undefined;
    },
    [schema, t],
  );

  return useMemo(() => ({ rules, parse }) as SchemaForm<Shape>, [rules, parse]);
}

/**
 * Puts the server's per-field errors (400 `details`, 409 conflicts) on the form's fields and
 * returns the message that belongs to no field (to show above the form), or undefined.
 * `fields` are the form's field names (`programAreaIds.0` lands on `programAreaIds`); a conflict on
 * one of `uniqueFields` reads "already used" in the interface language.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  t: Translate,
  uniqueFields: readonly string[] = [],
): string | undefined {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const fieldOf = (path: string) => path.split('.')[0] ?? '';
  const mapped = error.fieldErrors.filter((detail) => fields.includes(fieldOf(detail.path)));
  if (mapped.length === 0) return error.message;
  form.setFields(
    mapped.map((detail) => ({
      name: fieldOf(detail.path),
      errors: [error.code === 'CONFLICT' && uniqueFields.includes(fieldOf(detail.path)) ? t('form.alreadyUsed') : detail.message],
    })),
  );
  // A conflict's message explains more than its field note (e.g. "the last administrator must remain").
  return mapped.length === error.fieldErrors.length && !(error.code === 'CONFLICT' && !uniqueFields.includes(fieldOf(mapped[0]!.path)))
    ? undefined
    : error.message;
}

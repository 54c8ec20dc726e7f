import type { AnswerSchema } from './api-client';

/** What Ajv's standalone code records of a failed check (ajv's ErrorObject, the fields read here). */
interface AjvError {
  instancePath: string;
  message?: string;
  keyword: string;
  params: { missingProperty?: string; propertyName?: string };
  /** Set on the errors found inside `propertyNames`, which the `propertyNames` error itself sums up. */
  propertyName?: string;
}

/** A validator of Ajv's standalone code: true or false, and the errors of the last call. */
export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

/** A JSON pointer's segments as a zod path (digits as array indices). */
const pathOf = (pointer: string): PropertyKey[] =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));

function issueOf(error: AjvError): { path: PropertyKey[]; message: string } {
  const { missingProperty, propertyName } = error.params;
  return {
    path: missingProperty === undefined ? pathOf(error.instancePath) : [...pathOf(error.instancePath), missingProperty],
    message: propertyName === undefined ? (error.message ?? error.keyword) : `Unrecognized key: "${propertyName}"`,
  };
}

/**
 * A validator written at build time from a shared response schema (`?checker` imports, apps/web/contract-checkers.ts)
 * as the schema's `safeParse`: the output is a copy of the answer without the keys the schema does not name (Ajv
 * removes them while it validates; the answer itself is left as it came), or the differences (decision 032).
 */
export function ajvAnswer<T>(validate: StandaloneValidator): AnswerSchema<T> {
  return {
    safeParse(value: unknown) {
      const data = structuredClone(value);
      if (validate(data)) return { success: true, data: data as T };
      const errors = (validate.errors ?? []).filter((error) => error.propertyName === undefined);
      return { success: false, error: { issues: errors.map(issueOf) } };
    },
  };
}

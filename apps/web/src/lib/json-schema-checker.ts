import type { AnswerSchema } from './api-client';

/**
 * The part of JSON Schema that `z.toJSONSchema` writes for plain response schemas (objects, strings, numbers,
 * booleans, null, arrays, enums, literals, nullable and unions). The build (vite.config.ts, `?checker` imports)
 * refuses any other keyword, a transform or a default, so what is written here is the whole of what a checked
 * schema says.
 */
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface JsonSchema {
  /** One type, or several (zod writes a union of primitives so). */
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** `false` for a strict object; absent for a zod object, whose parse drops the keys it does not name. */
  additionalProperties?: false;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

/** The keywords `check` reads, and those that say nothing about the value. */
export const CHECKED_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  '$schema',
  'description',
  'title',
];

interface Issue {
  path: PropertyKey[];
  message: string;
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

const matchesType = (type: JsonType | JsonType[], value: unknown): boolean =>
  Array.isArray(type)
    ? type.some((one) => matchesType(one, value))
    : type === typeOf(value) || (type === 'number' && typeOf(value) === 'integer');

/** The value as the schema's parse would output it (an object without the keys it does not name), or issues. */
function check(schema: JsonSchema, value: unknown, path: PropertyKey[], issues: Issue[]): unknown {
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      const found: Issue[] = [];
      const output = check(option, value, path, found);
      if (found.length === 0) return output;
    }
    issues.push({ path, message: 'Invalid input: matches none of the allowed shapes' });
    return value;
  }
  if (schema.const !== undefined && value !== schema.const) {
    issues.push({ path, message: `Invalid input: expected ${JSON.stringify(schema.const)}` });
    return value;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    issues.push({
      path,
      message: `Invalid option: expected one of ${schema.enum.map((v) => JSON.stringify(v)).join('|')}`,
    });
    return value;
  }
  if (schema.type && !matchesType(schema.type, value)) {
    issues.push({
      path,
      message: `Invalid input: expected ${[schema.type].flat().join('|')}, received ${typeOf(value)}`,
    });
    return value;
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    return schema.items ? value.map((item, index) => check(schema.items!, item, [...path, index], issues)) : value;
  }
  if (schema.type === 'object' && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    const output: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      if (!(key in record))
        issues.push({ path: [...path, key], message: 'Invalid input: expected a value, received undefined' });
    }
    for (const [key, property] of Object.entries(properties)) {
      if (key in record) output[key] = check(property, record[key], [...path, key], issues);
    }
    if (schema.additionalProperties === false) {
      for (const key of Object.keys(record)) {
        if (!(key in properties)) issues.push({ path: [...path, key], message: `Unrecognized key: "${key}"` });
      }
    }
    return output;
  }
  return value;
}

/**
 * A response schema of the shared contract as the JSON Schema the build wrote from it: the first page checks its
 * one answer (GET /api/config) with it instead of downloading the schema library (decision 032).
 */
export function jsonSchemaChecker<T>(schema: JsonSchema): AnswerSchema<T> {
  return {
    safeParse(value: unknown) {
      const issues: Issue[] = [];
      const data = check(schema, value, [], issues);
      return issues.length === 0 ? { success: true, data: data as T } : { success: false, error: { issues } };
    },
  };
}

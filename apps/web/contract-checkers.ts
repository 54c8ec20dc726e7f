import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { z } from 'zod';

/**
 * The build-time half of `?checker` imports (vite.config.ts, decision 032): each response schema of a shared module
 * as Ajv's standalone validation code, compiled from the JSON Schema zod writes of it. No code is compiled at run
 * time (the page's CSP has no unsafe-eval); `src/lib/ajv-answer.ts` gives each validator zod's `safeParse` shape.
 */

/** The zod types whose JSON Schema says all that their parse checks (and whose parse outputs what it got). */
const EXPRESSIBLE_TYPES = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'object',
  'array',
  'union',
  'nullable',
  'optional',
  'unknown',
]);
/** The checks JSON Schema writes exactly (a refinement, a trim or a string format it does not). */
const EXPRESSIBLE_CHECKS = new Set([
  'min_length',
  'max_length',
  'length_equals',
  'greater_than',
  'less_than',
  'multiple_of',
  'number_format',
]);

interface ZodNode {
  _zod: { def: { type: string; format?: string; checks?: { _zod: { def: { check: string } } }[] } };
}

/** Refuses a zod node that JSON Schema cannot express: the checker would accept what the schema refuses. */
function refuseInexpressible(node: ZodNode, where: string): void {
  const { type, format, checks = [] } = node._zod.def;
  if (!EXPRESSIBLE_TYPES.has(type)) throw new Error(`${where}: a checker cannot say what zod's "${type}" does`);
  if (type === 'string' && format) throw new Error(`${where}: a checker cannot check the string format "${format}"`);
  for (const check of checks) {
    const kind = check._zod.def.check;
    if (!EXPRESSIBLE_CHECKS.has(kind)) throw new Error(`${where}: a checker cannot check zod's "${kind}"`);
  }
}

type JsonNode = Record<string, unknown>;

const isNode = (value: unknown): value is JsonNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a subschema may accept an object or an array (no type, or one of these). */
function mayHoldObjects(node: JsonNode): boolean {
  if ('const' in node || 'enum' in node) return false;
  const types = [node.type].flat();
  return node.type === undefined || types.includes('object') || types.includes('array');
}

/**
 * Makes zod's parse semantics Ajv's, in place. A zod object drops the keys it does not name: its JSON Schema
 * (`io: 'input'`) says nothing of them; here it says `additionalProperties: false`, which Ajv's `removeAdditional`
 * turns into removing them. A strict object refuses them: its `additionalProperties: false` becomes
 * `propertyNames`, which Ajv checks and never removes. A loose object (`additionalProperties: {}`) keeps them.
 * Ajv removes keys while it tries a union's options, so a union may hold one option that is an object or an array.
 */
function zodSemantics(node: unknown, where: string): void {
  if (Array.isArray(node)) return node.forEach((item) => zodSemantics(item, where));
  if (!isNode(node)) return;
  if (node.type === 'object' && isNode(node.properties)) {
    const keys = Object.keys(node.properties);
    if (node.additionalProperties === undefined) node.additionalProperties = false;
    else if (node.additionalProperties === false) {
      delete node.additionalProperties;
      if (keys.length > 0) node.propertyNames = { enum: keys };
      else node.maxProperties = 0;
    }
  }
  // A union is `anyOf`, a discriminated or exclusive one `oneOf`; Ajv tries every option of either.
  for (const options of [node.anyOf, node.oneOf]) {
    if (Array.isArray(options) && options.filter((option: JsonNode) => mayHoldObjects(option)).length > 1) {
      throw new Error(`${where}: a union of several objects or arrays (Ajv would strip keys while trying each)`);
    }
  }
  const properties = isNode(node.properties) ? Object.values(node.properties) : [];
  for (const child of [...properties, node.items, node.anyOf, node.oneOf, node.additionalProperties]) {
    zodSemantics(child, where);
  }
}

/** The JSON Schema a checker of `schema` is compiled from: zod's own, refused if it says less than the schema. */
export function checkerJsonSchema(schema: z.ZodType, where: string): JsonNode {
  const json = z.toJSONSchema(schema, {
    // Draft 7, Ajv's default: its code does not track what draft 2020-12's `unevaluated…` keywords need.
    target: 'draft-07',
    io: 'input',
    override: ({ zodSchema }) => refuseInexpressible(zodSchema as unknown as ZodNode, where),
  }) as JsonNode;
  zodSemantics(json, where);
  return json;
}

/**
 * The module of a `?checker` import: Ajv's standalone code of each `…ResponseSchema` export of `module`, and each
 * exported as a `safeParse` by `ajvAnswer` (imported from `runtime`, `src/lib/ajv-answer.ts`).
 */
export function contractCheckerModule(module: Record<string, unknown>, where: string, runtime: string): string {
  const ajv = new Ajv({
    code: { source: true, esm: true },
    // zod reports every difference; the API client shows the first five.
    allErrors: true,
    removeAdditional: true,
    // Whatever Ajv's strict mode finds unclear fails the build; zod writes a union of primitives as a type list.
    strict: true,
    allowUnionTypes: true,
  });
  const names = Object.entries(module).flatMap(([name, schema]) => {
    if (!name.endsWith('ResponseSchema') || !(schema instanceof z.ZodType)) return [];
    ajv.addSchema(checkerJsonSchema(schema, `${where} ${name}`), name);
    return [name];
  });
  const validators = Object.fromEntries(names.map((name) => [`validate_${name}`, name]));
  const code = standaloneCode(ajv, validators);
  // Ajv writes its runtime helpers as require(): a string's length (ucs2length, which counts code points where zod
  // counts UTF-16 units), a deep equality (an object in an enum), formats. None is needed by what the build accepts
  // but a string's length, refused.
  const helper = /require\("([^"]+)"\)/.exec(code);
  if (helper) throw new Error(`${where}: the checker would need Ajv's runtime helper ${helper[1]}`);
  return [
    code,
    `import { ajvAnswer } from ${JSON.stringify(runtime)};`,
    ...names.map((name) => `export const ${name} = /* @__PURE__ */ ajvAnswer(validate_${name});`),
  ].join('\n');
}

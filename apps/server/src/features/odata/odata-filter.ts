import { defaultParser } from '@odata/parser';
import { AppError } from '../../platform/errors';
import type { EntitySet, ODataProperty } from './entity-set';

/**
 * $filter → a condition tree. The text is parsed by @odata/parser (the OData ABNF); its tree is then walked here
 * and only what the feed supports is kept: `eq ne gt ge lt le`, `and or not`, parentheses, and
 * `contains(property, 'text')`, each comparing a listed property with a literal of its type. The result names
 * columns and typed values only; odata.repository.ts writes it as SQL with column references and bound
 * parameters, so no text of the filter is ever written into the SQL. Anything else is a 400.
 */

/** A checked filter: columns of the entity set's table and values of their types. */
export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition }
  | { kind: 'compare'; column: string; operator: ComparisonOperator; value: string | number; nullable: boolean }
  | { kind: 'null'; column: string; isNull: boolean }
  | { kind: 'contains'; column: string; text: string };

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Longest $filter accepted, and deepest nesting of parentheses: far above what a BI tool sends. */
export const MAX_FILTER_LENGTH = 4000;
const MAX_DEPTH = 32;
/** Most comparisons in one filter. */
const MAX_TERMS = 200;

interface Node {
  type: string;
  value: unknown;
  raw?: string;
}

export const badOption = (message: string) => new AppError('BAD_REQUEST', message);

const COMPARISONS: Record<string, ComparisonOperator> = {
  EqualsExpression: '=',
  NotEqualsExpression: '<>',
  LesserThanExpression: '<',
  LesserOrEqualsExpression: '<=',
  GreaterThanExpression: '>',
  GreaterOrEqualsExpression: '>=',
};

const NUMBER_LITERALS = new Set([
  'Edm.SByte',
  'Edm.Byte',
  'Edm.Int16',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Decimal',
  'Edm.Double',
  'Edm.Single',
]);

function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '(') deepest = Math.max(deepest, ++depth);
    else if (!quoted && char === ')') depth--;
  }
  return deepest;
}

function parse(text: string): Node {
  if (text.length > MAX_FILTER_LENGTH) throw badOption(`$filter is longer than ${MAX_FILTER_LENGTH} characters`);
  if (nestingOf(text) > MAX_DEPTH) throw badOption(`$filter is nested deeper than ${MAX_DEPTH} levels`);
  let tree: Node | undefined;
  try {
    tree = defaultParser.filter(text) as Node | undefined;
  } catch {
    tree = undefined;
  }
  if (!tree) throw badOption('$filter is not a valid expression');
  return tree;
}

/** The property a member expression names, or a 400. */
function propertyOf(node: Node, set: EntitySet): [string, ODataProperty] {
  let current: Node | undefined = node;
  while (current && ['FirstMemberExpression', 'MemberExpression', 'PropertyPathExpression'].includes(current.type)) {
    current = current.value as Node;
  }
  const name = current?.type === 'ODataIdentifier' ? (current.value as { name?: string }).name : undefined;
  const property = name ? set.properties[name] : undefined;
  if (!name || !property) throw badOption(`$filter may compare only properties of ${set.entityType}, with a literal`);
  return [name, property];
}

/** A literal's value for a property of `property.type`, or a 400 when it is not of that type. */
function literalFor(node: Node, name: string, property: ODataProperty): string | number | null {
  if (node.type !== 'Literal') throw badOption(`Compare ${name} with a literal value`);
  const edm = node.value as string;
  const raw = node.raw ?? '';
  if (edm === 'null') return null;
  const wrongType = () => badOption(`${name} is ${property.type}; ${raw.slice(0, 40)} is not`);
  switch (property.type) {
    case 'Edm.String':
      if (edm !== 'Edm.String') throw wrongType();
      return raw.slice(1, -1).replaceAll("''", "'");
    case 'Edm.Int32': {
      const number = Number(raw);
      if (!NUMBER_LITERALS.has(edm) || !Number.isSafeInteger(number) || Math.abs(number) > 2 ** 31) throw wrongType();
      return number;
    }
    case 'Edm.Double': {
      const number = Number(raw);
      if (!NUMBER_LITERALS.has(edm) || !Number.isFinite(number)) throw wrongType();
      return number;
    }
    case 'Edm.Boolean':
      if (edm !== 'Edm.Boolean') throw wrongType();
      return raw.toLowerCase() === 'true' ? 1 : 0;
    case 'Edm.Date':
      if (edm !== 'Edm.Date') throw wrongType();
      return raw;
    case 'Edm.DateTimeOffset': {
      if (edm !== 'Edm.DateTimeOffset' && edm !== 'Edm.Date') throw wrongType();
      const instant = new Date(edm === 'Edm.Date' ? `${raw}T00:00:00Z` : raw);
      if (Number.isNaN(instant.getTime())) throw wrongType();
      return instant.toISOString();
    }
  }
}

export function filterCondition(text: string, set: EntitySet): Condition {
  let terms = 0;
  // A computed property is named by its kind (`@taskState`): odata.repository.ts writes its expression.
  const column = (property: ODataProperty) => (property.computed ? property.column : `${set.table}.${property.column}`);

  const walk = (node: Node): Condition => {
    if (++terms > MAX_TERMS) throw badOption(`$filter has more than ${MAX_TERMS} terms`);
    const pair = node.value as { left: Node; right: Node };
    switch (node.type) {
      case 'AndExpression':
        return { kind: 'and', left: walk(pair.left), right: walk(pair.right) };
      case 'OrExpression':
        return { kind: 'or', left: walk(pair.left), right: walk(pair.right) };
      case 'NotExpression':
        return { kind: 'not', operand: walk(node.value as Node) };
      case 'BoolParenExpression':
      case 'ParenExpression':
        return walk(node.value as Node);
      case 'MethodCallExpression':
        return method(node.value as { method: string; parameters: Node[] });
    }
    const operator = COMPARISONS[node.type];
    if (!operator) throw badOption('$filter supports eq, ne, gt, ge, lt, le, and, or, not and contains');
    const [name, property] = propertyOf(pair.left, set);
    const value = literalFor(pair.right, name, property);
    if (value === null) {
      if (operator === '=' || operator === '<>')
        return { kind: 'null', column: column(property), isNull: operator === '=' };
      throw badOption(`${name} can be compared with null only by eq or ne`);
    }
    return { kind: 'compare', column: column(property), operator, value, nullable: property.nullable };
  };

  const method = (call: { method: string; parameters: Node[] }): Condition => {
    if (call.method !== 'contains' || call.parameters.length !== 2) {
      throw badOption('$filter supports the function contains(property, text) only');
    }
    const [name, property] = propertyOf(call.parameters[0]!, set);
    if (property.type !== 'Edm.String') throw badOption(`contains needs a text property; ${name} is ${property.type}`);
    const value = literalFor(call.parameters[1]!, name, property);
    if (typeof value !== 'string') throw badOption('contains needs a text to look for');
    return { kind: 'contains', column: column(property), text: value };
  };

  return walk(parse(text));
}

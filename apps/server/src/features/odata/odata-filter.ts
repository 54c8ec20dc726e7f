import { defaultParser } from '@odata/parser';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { EntitySet, ODataProperty } from './entity-set';

/**
 * $filter → a SQL condition. The text is parsed by @odata/parser (the OData ABNF); the tree is then walked here
 * and only what the feed supports becomes SQL: `eq ne gt ge lt le`, `and or not`, parentheses, and
 * `contains(property, 'text')`, each comparing a listed property with a literal of its type. Properties become
 * column references and literals bound parameters (Kysely's `sql` template): no text of the filter is ever
 * written into the SQL. Anything else is a 400.
 */

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

const COMPARISONS: Record<string, string> = {
  EqualsExpression: '=',
  NotEqualsExpression: '<>',
  LesserThanExpression: '<',
  LesserOrEqualsExpression: '<=',
  GreaterThanExpression: '>',
  GreaterOrEqualsExpression: '>=',
};

const NUMBER_LITERALS = new Set(['Edm.SByte', 'Edm.Byte', 'Edm.Int16', 'Edm.Int32', 'Edm.Int64', 'Edm.Decimal', 'Edm.Double', 'Edm.Single']);

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

export function filterCondition(text: string, set: EntitySet, dialect: Dialect): RawBuilder<SqlBool> {
  let terms = 0;
  const column = (property: ODataProperty) => sql.ref(`${set.table}.${property.column}`);

  const walk = (node: Node): RawBuilder<SqlBool> => {
    if (++terms > MAX_TERMS) throw badOption(`$filter has more than ${MAX_TERMS} terms`);
    const pair = node.value as { left: Node; right: Node };
    switch (node.type) {
      case 'AndExpression':
        return sql<SqlBool>`(${walk(pair.left)} and ${walk(pair.right)})`;
      case 'OrExpression':
        return sql<SqlBool>`(${walk(pair.left)} or ${walk(pair.right)})`;
      case 'NotExpression':
        return sql<SqlBool>`(not ${walk(node.value as Node)})`;
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
      if (operator === '=') return sql<SqlBool>`${column(property)} is null`;
      if (operator === '<>') return sql<SqlBool>`${column(property)} is not null`;
      throw badOption(`${name} can be compared with null only by eq or ne`);
    }
    // ne keeps the rows whose value is null, as OData's three-valued comparison says (null ne 'x' is true).
    if (operator === '<>' && property.nullable) {
      return sql<SqlBool>`(${column(property)} <> ${value} or ${column(property)} is null)`;
    }
    return sql<SqlBool>`${column(property)} ${sql.raw(operator)} ${value}`;
  };

  const method = (call: { method: string; parameters: Node[] }): RawBuilder<SqlBool> => {
    if (call.method !== 'contains' || call.parameters.length !== 2) {
      throw badOption('$filter supports the function contains(property, text) only');
    }
    const [name, property] = propertyOf(call.parameters[0]!, set);
    if (property.type !== 'Edm.String') throw badOption(`contains needs a text property; ${name} is ${property.type}`);
    const value = literalFor(call.parameters[1]!, name, property);
    if (value === null) throw badOption('contains needs a text to look for');
    // Case-sensitive on both databases, as OData's contains is; no LIKE pattern to escape.
    return dialect === 'postgres'
      ? sql<SqlBool>`strpos(${column(property)}, ${value}) > 0`
      : sql<SqlBool>`instr(${column(property)}, ${value}) > 0`;
  };

  return walk(parse(text));
}

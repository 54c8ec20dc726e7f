/**
 * Sample arguments for a repository function, chosen by the names of its parameters (as esbuild keeps them): an
 * id is a string, ids a list, a date a date, a number a number; anything else is an object whose properties are
 * chosen the same way by their names. Good enough to make every statement a function builds compile with
 * realistic shapes; the values themselves are placeholders.
 */
const SAMPLE_DAY = '2026-01-15';
const SAMPLE_INSTANT = '2026-01-15T08:00:00.000Z';

export function sampleFor(name: string, depth = 0): unknown {
  const n = name.replace(/^_+/, '');
  // A search's words, each with the requirements and facilities it matched.
  if (n === 'searchWords') return [sampleObject('searchWord', depth + 1)];
  if (n === 'todays') return [sampleObject('todayGroup', depth + 1), sampleObject('todayGroup', depth + 1)];
  if (/^(ids|.*Ids|codes|.*Codes|keys|.*Keys|words|.*Words|names|.*Names|emails|hashes|.*Hashes)$/.test(n)) {
    return [`${n}-1`, `${n}-2`];
  }
  // The facilities' todays (one group per time zone): two groups, so that a statement shows how it combines them.
  if (/^(rows|values|items|entries|.*Rows|records|changes|parts)$/.test(n)) return [sampleObject(`${n}[0]`, depth + 1)];
  if (
    /(Id|^id|Hash|^hash|Token|^token|Code|^code|Key|^key|Email|^email|Name|^name|Word|^word|search|Search|text|Text|prefix|kind|Kind|role|Role|status|Status|action|Action|type|Type|job|Job)$/.test(
      n,
    )
  ) {
    return `${n}-1`;
  }
  if (/(At|^at|Before|After|Since|Until|^now|^cutoff|Instant)$/.test(n)) return SAMPLE_INSTANT;
  if (/(On|^on|Day|^day|Date|^date|^today|^from|^to|From|To|month|Month)$/.test(n)) return SAMPLE_DAY;
  if (
    /(limit|Limit|size|Size|count|Count|page|Page|offset|Offset|max|Max|min|Min|days|Days|hours|Hours|minutes|Minutes|ms|Ms|seconds|number|Number|sequence|Sequence|revision|Revision|attempts|Attempts|index|Index)$/.test(
      n,
    )
  ) {
    return 20;
  }
  if (/^(is|has|only|include|with|active|dryRun|all)[A-Z]?/.test(n)) return true;
  // A sort: by the id (every table has one), ascending.
  if (n === 'field') return 'id';
  if (n === 'direction') return 'asc';
  if (n === 'today') return SAMPLE_DAY;
  if (n === 'tag' || n === 'language' || n === 'locale') return `${n}-1`;
  // Any other plural: a list of one of its singular.
  const objectNames = /^(filters|options|settings|params|sorts|bounds|limits|details|totals|stats|access|scopes)$/;
  if (/[^s]s$/.test(n) && !objectNames.test(n) && depth < 4)
    return [
      sampleFor(
        n.replace(/(ies|s)$/, (m) => (m === 'ies' ? 'y' : '')),
        depth + 1,
      ),
    ];
  return sampleObject(n, depth + 1);
}

/** An object whose every property is the sample of its name (a proxy: the function reads what it needs). */
export function sampleObject(name: string, depth: number): unknown {
  if (depth > 6) return `${name}-1`;
  const known = new Map<PropertyKey, unknown>();
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === Symbol.toPrimitive) return () => `${name}-1`;
        if (property === Symbol.iterator) return function* () {};
        if (typeof property === 'symbol') return undefined;
        if (property === 'then' || property === 'toJSON') return undefined;
        if (!known.has(property)) known.set(property, sampleFor(property, depth));
        return known.get(property);
      },
      has: () => true,
      ownKeys: () => [],
    },
  );
}

/** The parameter names of a function, from its source (destructured parameters are named by their first key). */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const open = source.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let end = open;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const list = source.slice(open + 1, end);
  const names: string[] = [];
  let current = '';
  depth = 0;
  for (const c of list) {
    if (c === '(' || c === '{' || c === '[') depth++;
    if (c === ')' || c === '}' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += c;
  }
  if (current.trim()) names.push(current);
  return names.map((raw) => {
    const text = raw.trim().replace(/^\.\.\./, '');
    if (text.startsWith('{') || text.startsWith('[')) return 'options';
    return (/^[A-Za-z_$][\w$]*/.exec(text) ?? ['value'])[0];
  });
}

import type { z } from 'zod';
import { seesAllFacilities } from '@rtms/shared/permissions';
import { IMPORT_COLUMNS, type ImportCellError, type ImportColumnKey } from '@rtms/shared/schemas/requirement-import';
import { createRequirementBodySchema } from '@rtms/shared/schemas/requirements';
import { uniqueFieldErrors } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-text';
import { isFacilityInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { unknownMessage } from './did-you-mean';
import { booleanOf, type CellResult, type ColumnMap, dateOf, enumOf, integerOf, listOf, textOf } from './import-cells';
import type { BindingRow } from '../requirements/requirements.table';
import type { ImportDirectory } from './import-directory.repository';
import type { SheetCell, SheetRow } from './import-file-reader';

/**
 * One spreadsheet row → the body the requirement form would send, validated by the same shared schema
 * (createRequirementBodySchema), with names resolved to ids. An empty cell leaves its field out: a new
 * requirement gets the default, an existing one keeps its value.
 */

export type ImportBody = z.output<typeof createRequirementBodySchema>;

export interface MappedRow {
  row: number;
  title: string;
  /** The validated body; undefined when the row has errors. */
  body?: ImportBody;
  /** Regulation + citation + title, folded: how a row finds the requirement it updates. */
  naturalKey: string;
  /** The default assignee the row names. */
  assignee?: ImportDirectory['users'][number];
  errors: ImportCellError[];
}

const HEADER = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column.key, column.header])) as Record<
  ImportColumnKey,
  string
>;

/** Where the shared schema's field errors belong in the sheet. */
const COLUMN_OF_FIELD: Record<string, ImportColumnKey> = {
  title: 'title',
  description: 'description',
  regulationId: 'regulation',
  citation: 'citation',
  programAreaId: 'programArea',
  category: 'category',
  frequency: 'frequency',
  scheduleMode: 'scheduleMode',
  firstDueDate: 'firstDueDate',
  periodStartMonth: 'periodStartMonth',
  periodDueDays: 'periodDueDays',
  periodDueDayOfMonth: 'periodDueDayOfMonth',
  weekendShift: 'weekendShift',
  leadTimeDays: 'leadTimeDays',
  graceDays: 'graceDays',
  evidenceRequired: 'evidenceRequired',
  reviewRequired: 'reviewRequired',
  minEvidence: 'minEvidence',
  permitNumber: 'permitNumber',
  activeFrom: 'activeFrom',
  activeUntil: 'activeUntil',
  defaultAssigneeId: 'defaultAssigneeEmail',
  facilities: 'facilityCodes',
};

/** The column a field path of the API ("facilities.2.assigneeId") belongs to. */
export function columnOfPath(path: string): string {
  return HEADER[COLUMN_OF_FIELD[path.split('.')[0] ?? ''] ?? 'title'];
}

/** The folded natural key of a requirement: regulation, citation and title, case- and accent-insensitive. */
export function naturalKeyOf(
  regulationId: string | null | undefined,
  citation: string | null | undefined,
  title: string,
) {
  return [regulationId ?? '', foldForSearch(citation ?? '').trim(), foldForSearch(title).trim()].join('\u0000');
}

/** Name lookups built once per file. */
export interface ImportLookups {
  regulationsByName: Map<string, string[]>;
  regulationNames: string[];
  programAreasByName: Map<string, string>;
  programAreaNames: string[];
  /** Facilities in the caller's scope, by folded code. */
  facilitiesByCode: Map<string, { id: string; code: string }>;
  facilityCodes: string[];
  usersByEmail: Map<string, ImportDirectory['users'][number]>;
  userEmails: string[];
}

export function buildLookups(directory: ImportDirectory, scope: FacilityScope): ImportLookups {
  const regulationsByName = new Map<string, string[]>();
  const addRegulation = (name: string | null, id: string) => {
    if (!name) return;
    const key = foldForSearch(name).trim();
    const ids = regulationsByName.get(key) ?? [];
    if (!ids.includes(id)) ids.push(id);
    regulationsByName.set(key, ids);
  };
  for (const regulation of directory.regulations) {
    addRegulation(regulation.citation, regulation.id);
    addRegulation(regulation.title, regulation.id);
  }
  const inScope = directory.facilities.filter((facility) => isFacilityInScope(scope, facility.id));
  const activeUsers = directory.users.filter((user) => user.active);
  return {
    regulationsByName,
    regulationNames: directory.regulations.flatMap((r) => [r.citation, r.title].filter((n): n is string => !!n)),
    programAreasByName: new Map(directory.programAreas.map((area) => [foldForSearch(area.name).trim(), area.id])),
    programAreaNames: directory.programAreas.map((area) => area.name),
    facilitiesByCode: new Map(inScope.map((facility) => [foldForSearch(facility.code).trim(), facility])),
    facilityCodes: inScope.map((facility) => facility.code),
    usersByEmail: new Map(activeUsers.map((user) => [user.email.toLowerCase(), user])),
    userEmails: activeUsers.map((user) => user.email),
  };
}

export function mapRow(
  sheetRow: SheetRow,
  columns: ColumnMap,
  lookups: ImportLookups,
  scope: FacilityScope,
  date1904: boolean,
): MappedRow {
  const errors: ImportCellError[] = [];
  const cellOf = (key: ImportColumnKey): SheetCell => {
    const position = columns.index.get(key);
    return (position === undefined ? undefined : sheetRow.cells[position]) ?? { kind: 'empty' };
  };
  const read = <T>(key: ImportColumnKey, result: CellResult<T>): T | undefined => {
    if (result.ok) return result.value;
    errors.push({ column: HEADER[key], message: result.message });
    return undefined;
  };
  const text = (key: ImportColumnKey) => read(key, textOf(cellOf(key)));
  const date = (key: ImportColumnKey) => read(key, dateOf(cellOf(key), date1904));
  const integer = (key: ImportColumnKey) => read(key, integerOf(cellOf(key)));
  const enumeration = (key: ImportColumnKey) => {
    const column = IMPORT_COLUMNS.find((c) => c.key === key);
    return read(key, enumOf(cellOf(key), column && 'values' in column ? column.values : []));
  };

  const title = text('title') ?? '';
  const citation = text('citation');

  let regulationId: string | undefined;
  const regulationName = text('regulation');
  if (regulationName) {
    const ids = lookups.regulationsByName.get(foldForSearch(regulationName).trim()) ?? [];
    if (ids.length === 1) regulationId = ids[0];
    else if (ids.length > 1) {
      errors.push({
        column: HEADER.regulation,
        message: `"${regulationName}" matches several regulations; use the title of the one you mean`,
      });
    } else {
      errors.push({
        column: HEADER.regulation,
        message: unknownMessage('regulation', regulationName, lookups.regulationNames),
      });
    }
  }

  let programAreaId: string | undefined;
  const areaName = text('programArea');
  if (areaName) {
    programAreaId = lookups.programAreasByName.get(foldForSearch(areaName).trim());
    if (!programAreaId) {
      errors.push({
        column: HEADER.programArea,
        message: unknownMessage('program area', areaName, lookups.programAreaNames),
      });
    }
  }

  const email = text('defaultAssigneeEmail');
  const assignee = email ? lookups.usersByEmail.get(email.toLowerCase()) : undefined;
  if (email && !assignee) {
    errors.push({ column: HEADER.defaultAssigneeEmail, message: unknownMessage('user', email, lookups.userEmails) });
  }
  const defaultAssigneeId = assignee?.id;

  // Facilities: applicable codes, then "CODE: reason" for those bound but not applicable.
  const facilities: { facilityId: string; applicable: boolean; notApplicableReason?: string }[] = [];
  // The column each facility was first listed in: a second listing names both columns.
  const listedIn = new Map<string, ImportColumnKey>();
  const facilityIdOf = (key: ImportColumnKey, code: string) => {
    const facility = lookups.facilitiesByCode.get(foldForSearch(code).trim());
    if (!facility) {
      errors.push({ column: HEADER[key], message: unknownMessage('facility code', code, lookups.facilityCodes) });
      return undefined;
    }
    const earlier = listedIn.get(facility.id);
    if (earlier !== undefined) {
      const message =
        earlier === key
          ? `${facility.code} is listed twice in ${HEADER[key]}`
          : `${facility.code} is in both ${HEADER[earlier]} and ${HEADER[key]}; keep it in one of them`;
      errors.push({ column: HEADER[key], message });
      return undefined;
    }
    listedIn.set(facility.id, key);
    return facility.id;
  };
  const codes = read('facilityCodes', listOf(cellOf('facilityCodes'), true)) ?? [];
  for (const code of codes) {
    const facilityId = facilityIdOf('facilityCodes', code);
    if (facilityId) facilities.push({ facilityId, applicable: true });
  }
  const notApplicable = read('notApplicable', listOf(cellOf('notApplicable'), false)) ?? [];
  for (const item of notApplicable) {
    const separator = item.indexOf(':');
    const code = (separator < 0 ? item : item.slice(0, separator)).trim();
    const reason = separator < 0 ? '' : item.slice(separator + 1).trim();
    const facilityId = facilityIdOf('notApplicable', code);
    if (!facilityId) continue;
    if (!reason) {
      errors.push({
        column: HEADER.notApplicable,
        message: `Write why ${code} is not applicable, as "${code}: reason"`,
      });
      continue;
    }
    facilities.push({ facilityId, applicable: false, notApplicableReason: reason });
  }
  const listed = cellOf('facilityCodes').kind !== 'empty' || cellOf('notApplicable').kind !== 'empty';
  if (!scope.all && !listed) {
    errors.push({ column: HEADER.facilityCodes, message: 'List at least one of your facilities' });
  }

  const candidate: Record<string, unknown> = {
    title,
    description: text('description'),
    regulationId,
    citation,
    programAreaId,
    category: enumeration('category'),
    frequency: enumeration('frequency'),
    scheduleMode: enumeration('scheduleMode'),
    firstDueDate: date('firstDueDate'),
    periodStartMonth: integer('periodStartMonth'),
    periodDueDays: integer('periodDueDays'),
    periodDueDayOfMonth: integer('periodDueDayOfMonth'),
    weekendShift: enumeration('weekendShift'),
    leadTimeDays: integer('leadTimeDays'),
    graceDays: integer('graceDays'),
    evidenceRequired: read('evidenceRequired', booleanOf(cellOf('evidenceRequired'))),
    reviewRequired: read('reviewRequired', booleanOf(cellOf('reviewRequired'))),
    minEvidence: integer('minEvidence'),
    permitNumber: text('permitNumber'),
    activeFrom: date('activeFrom'),
    activeUntil: date('activeUntil'),
    defaultAssigneeId,
    facilities: listed ? facilities : undefined,
  };
  // A cell already reported keeps its own message; the schema judges the rest.
  const reported = new Set(errors.map((error) => error.column));
  const parsed = createRequirementBodySchema.safeParse(
    Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)),
  );
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const header = columnOfPath(issue.path.map(String).join('.'));
      if (reported.has(header)) continue;
      errors.push({ column: header, message: issue.message });
    }
  }
  return {
    row: sheetRow.row,
    title,
    body: errors.length === 0 && parsed.success ? parsed.data : undefined,
    naturalKey: naturalKeyOf(regulationId, citation, title),
    assignee,
    errors: uniqueFieldErrors(errors, (error) => error.column),
  };
}

/**
 * Why the default assignee cannot take this row's tasks, if they cannot: as the requirement's save
 * checks it, they must be assigned to every applicable facility that has no assignee of its own.
 */
export function assigneeProblem(
  mapped: MappedRow,
  body: ImportBody,
  existing: { defaultAssigneeId: string | null } | undefined,
  bindings: readonly BindingRow[],
  directory: ImportDirectory,
): ImportCellError | undefined {
  const assignee = mapped.assignee;
  if (!assignee || seesAllFacilities(assignee.role)) return undefined;
  if (existing && existing.defaultAssigneeId === assignee.id && !body.facilities) return undefined;
  const bound = new Map(bindings.filter((b) => b.bound).map((b) => [b.facilityId, b]));
  const covered = body.facilities
    ? body.facilities
        .filter((f) => f.applicable !== false && !bound.get(f.facilityId)?.assigneeId)
        .map((f) => f.facilityId)
    : [...bound.values()].filter((b) => b.applicable && !b.assigneeId).map((b) => b.facilityId);
  const own = directory.userFacilities.get(assignee.id) ?? new Set<string>();
  const missing = covered.filter((facilityId) => !own.has(facilityId));
  if (missing.length === 0) return undefined;
  const codes = missing.map((facilityId) => directory.facilityById.get(facilityId)?.code ?? facilityId);
  return {
    column: HEADER.defaultAssigneeEmail,
    message: `${assignee.email} is not assigned to ${codes.join(', ')} (see User Facilities)`,
  };
}

import type { Kysely } from 'kysely';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import type { FieldError } from '@rtms/shared/error-codes';
import { scheduleRuleErrors } from '@rtms/shared/schemas/requirements';
import {
  IMPORT_COLUMNS,
  IMPORT_DUE_DATES_SHOWN,
  type ImportCellError,
  type ImportFormat,
  type ImportReport,
  type ImportRow,
} from '@rtms/shared/schemas/requirement-import';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { RequirementsService } from '../requirements/requirements.service';
import type { BindingRow, RequirementRow } from '../requirements/requirements.table';
import { facilityScopeOf, isFacilityInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { mapHeader } from './import-cells';
import { loadImportDirectory, type ImportDirectory } from './import-directory.repository';
import { firstDueDates } from './import-due-dates';
import { errorReportFile, templateFile, type GeneratedFile } from './import-files';
import { readSheet } from './import-file-reader';
import {
  assigneeProblem,
  buildLookups,
  columnOfPath,
  mapRow,
  naturalKeyOf,
  type ImportBody,
  type MappedRow,
} from './import-row-mapper';
import { unitOfWork } from '../../db/unit-of-work';

/** An uploaded file: its bytes, the name the client gave and its SHA-256 (for the audit trail). */
export interface ImportUpload {
  bytes: Buffer;
  fileName: string;
  sha256: string;
}

export interface RequirementImportService {
  template(format: ImportFormat): Promise<GeneratedFile>;
  /**
   * Dry run: the report, nothing written. Import: every row in one transaction, or 409 with the report;
   * with `skipInvalidRows`, the valid rows in one transaction and the rows with errors skipped.
   */
  run(principal: Principal, upload: ImportUpload, options: ImportOptions): Promise<ImportReport>;
  /** The uploaded file with an `errors` column, from a dry run. */
  errorReport(principal: Principal, upload: ImportUpload): Promise<GeneratedFile>;
}

export interface ImportOptions {
  dryRun: boolean;
  /** Import the valid rows and skip the rows with errors, instead of all or nothing. */
  skipInvalidRows: boolean;
}

export interface RequirementImportDeps {
  requirements: Pick<RequirementsService, 'saveWithin'>;
  audit: AuditService;
  clock: Clock;
}

/** A row after classification, with what the import needs to save it. */
interface PlannedRow extends ImportRow {
  body?: ImportBody;
}

const TITLE = IMPORT_COLUMNS[0].header;

/**
 * The errors of the schedule a row would leave (the row's cells over the stored requirement, as the save
 * merges them), e.g. a PERIOD_END row without its due rule: judged here, so that such a row is an ERROR
 * in the report rather than a failure of the due-date preview or of the save.
 */
function scheduleErrors(body: ImportBody, existing: RequirementRow | undefined): ImportCellError[] {
  const stored = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return scheduleRuleErrors({
    frequency: body.frequency,
    scheduleMode: body.scheduleMode ?? existing?.scheduleMode ?? 'CALENDAR',
    firstDueDate: body.firstDueDate,
    periodStartMonth: body.periodStartMonth ?? existing?.periodStartMonth ?? 1,
    periodDueDays: stored(body.periodDueDays, existing?.periodDueDays ?? null),
    periodDueDayOfMonth: stored(body.periodDueDayOfMonth, existing?.periodDueDayOfMonth ?? null),
  }).map((error) => ({ column: columnOfPath(error.path), message: error.message }));
}

/** Whether saving `body` over this requirement would change anything the file speaks of. */
function changes(body: ImportBody, existing: RequirementRow, bindings: BindingRow[]): boolean {
  const evidenceRequired = body.evidenceRequired ?? Boolean(existing.evidenceRequired);
  for (const [key, value] of Object.entries(body)) {
    if (key === 'facilities' || value === undefined) continue;
    let current: unknown = existing[key as keyof RequirementRow] ?? null;
    let next: unknown = value;
    if (key === 'evidenceRequired' || key === 'reviewRequired') current = Boolean(current);
    if (key === 'leadTimeDays' || key === 'graceDays' || key === 'minEvidence') current = Number(current);
    // Requiring evidence stores at least one document (as the form's save does).
    if (key === 'minEvidence' && evidenceRequired) next = Math.max(1, Number(value));
    if (current !== next) return true;
  }
  if (body.facilities) {
    const bound = new Map(bindings.filter((b) => b.bound).map((b) => [b.facilityId, b]));
    if (bound.size !== body.facilities.length) return true;
    for (const wanted of body.facilities) {
      const binding = bound.get(wanted.facilityId);
      const applicable = wanted.applicable ?? true;
      if (!binding || Boolean(binding.applicable) !== applicable) return true;
      if (!applicable && binding.notApplicableReason !== (wanted.notApplicableReason ?? null)) return true;
    }
  }
  return false;
}

export function createRequirementImportService(
  db: Kysely<Database>,
  deps: RequirementImportDeps,
): RequirementImportService {
  const { requirements, audit, clock } = deps;

  /** The first due dates per applicable facility a CREATE or UPDATE would give. */
  function dueDatesOf(
    body: ImportBody,
    existing: RequirementRow | undefined,
    bindings: BindingRow[],
    directory: ImportDirectory,
  ): ImportRow['dueDates'] {
    if (existing?.status === 'RETIRED') return [];
    const bindingOf = new Map(bindings.filter((b) => b.bound).map((b) => [b.facilityId, b]));
    const applicable = body.facilities
      ? body.facilities.filter((f) => f.applicable !== false).map((f) => f.facilityId)
      : [...bindingOf.values()].filter((b) => b.applicable).map((b) => b.facilityId);
    const now = clock();
    return applicable.flatMap((facilityId) => {
      const facility = directory.facilityById.get(facilityId);
      if (!facility) return [];
      const rule = {
        scheduleMode: body.scheduleMode ?? existing?.scheduleMode ?? 'CALENDAR',
        anchor: bindingOf.get(facilityId)?.firstDueDate ?? body.firstDueDate,
        frequency: body.frequency,
        weekendShift: body.weekendShift ?? existing?.weekendShift ?? 'NONE',
        activeFrom: body.activeFrom ?? existing?.activeFrom ?? null,
        activeUntil: body.activeUntil ?? existing?.activeUntil ?? null,
        periodStartMonth: body.periodStartMonth ?? existing?.periodStartMonth ?? 1,
        periodDueDays: body.periodDueDays ?? existing?.periodDueDays ?? null,
        periodDueDayOfMonth: body.periodDueDayOfMonth ?? existing?.periodDueDayOfMonth ?? null,
      };
      const today = todayInTimeZone(facility.timeZone, now);
      return [{ facilityCode: facility.code, dueDates: firstDueDates(rule, today, IMPORT_DUE_DATES_SHOWN) }];
    });
  }

  /** Reads, maps and classifies every row; nothing is written. */
  async function plan(principal: Principal, upload: ImportUpload) {
    const sheet = await readSheet(upload.bytes);
    const columns = mapHeader(sheet.header);
    const scope = await facilityScopeOf(db, principal);
    const directory = await loadImportDirectory(db);
    const lookups = buildLookups(directory, scope);
    const existingByKey = new Map<string, RequirementRow[]>();
    for (const requirement of directory.requirements) {
      const key = naturalKeyOf(requirement.regulationId, requirement.citation, requirement.title);
      existingByKey.set(key, [...(existingByKey.get(key) ?? []), requirement]);
    }
    const firstRowOfKey = new Map<string, number>();
    const rows = sheet.rows.map((sheetRow) => {
      const mapped = mapRow(sheetRow, columns, lookups, scope, sheet.date1904);
      return classify(mapped, scope, directory, existingByKey, firstRowOfKey);
    });
    return { rows, scope, warnings: [...sheet.warnings, ...columns.warnings], format: sheet.format };
  }

  function classify(
    mapped: MappedRow,
    scope: FacilityScope,
    directory: ImportDirectory,
    existingByKey: Map<string, RequirementRow[]>,
    firstRowOfKey: Map<string, number>,
  ): PlannedRow {
    const errors = [...mapped.errors];
    const base = { row: mapped.row, title: mapped.title, dueDates: [] };
    if (mapped.title) {
      const earlier = firstRowOfKey.get(mapped.naturalKey);
      if (earlier !== undefined) {
        errors.push({ column: TITLE, message: `Duplicate of row ${earlier} (same regulation, citation and title)` });
      } else {
        firstRowOfKey.set(mapped.naturalKey, mapped.row);
      }
    }
    const body = mapped.body;
    if (errors.length || !body) return { ...base, action: 'ERROR', errors };

    const matches = existingByKey.get(mapped.naturalKey) ?? [];
    if (matches.length > 1) {
      const message = 'Several existing requirements have this regulation, citation and title; edit them in RTMS';
      return { ...base, action: 'ERROR', errors: [{ column: TITLE, message }] };
    }
    const existing = matches[0];
    const scheduleProblems = scheduleErrors(body, existing);
    if (scheduleProblems.length) return { ...base, action: 'ERROR', errors: scheduleProblems };
    const bindings = existing ? (directory.bindings.get(existing.id) ?? []) : [];
    const assigneeError = assigneeProblem(mapped, body, existing, bindings, directory);
    if (assigneeError) return { ...base, action: 'ERROR', errors: [assigneeError] };
    if (!existing) {
      return { ...base, action: 'CREATE', errors: [], body, dueDates: dueDatesOf(body, undefined, [], directory) };
    }
    const bound = bindings.filter((binding) => binding.bound);
    if (!scope.all) {
      const outside = bound.filter((binding) => !isFacilityInScope(scope, binding.facilityId));
      if (outside.length || bound.length === 0) {
        const message =
          outside.length === bound.length
            ? 'A requirement with this regulation, citation and title exists for facilities that are not yours'
            : 'This requirement also applies to facilities outside yours; only an all-facility administrator can change it';
        return { ...base, action: 'ERROR', errors: [{ column: TITLE, message }] };
      }
    }
    if (!changes(body, existing, bindings)) {
      return { ...base, action: 'UNCHANGED', requirementId: existing.id, errors: [] };
    }
    return {
      ...base,
      action: 'UPDATE',
      requirementId: existing.id,
      errors: [],
      body,
      dueDates: dueDatesOf(body, existing, bindings, directory),
    };
  }

  function reportOf(rows: PlannedRow[], warnings: string[], options: ImportOptions): ImportReport {
    const count = (action: ImportRow['action']) => rows.filter((row) => row.action === action).length;
    return {
      rows: rows.map(({ body: _body, ...row }) => row),
      summary: {
        create: count('CREATE'),
        update: count('UPDATE'),
        unchanged: count('UNCHANGED'),
        error: count('ERROR'),
      },
      warnings,
      dryRun: options.dryRun,
      skipInvalidRows: options.skipInvalidRows,
    };
  }

  const conflictWith = (report: ImportReport) =>
    new AppError(
      'CONFLICT',
      `${report.summary.error} row${report.summary.error === 1 ? ' has' : 's have'} errors; nothing was imported`,
      report,
    );

  return {
    template: templateFile,

    async run(principal, upload, options) {
      const { rows, scope, warnings } = await plan(principal, upload);
      const report = reportOf(rows, warnings, options);
      if (options.dryRun) return report;
      // All or nothing by default; when asked, the rows with errors are skipped (they stay ERROR in the report).
      if (report.summary.error && !options.skipInvalidRows) throw conflictWith(report);
      const toSave = rows.filter((row) => row.action === 'CREATE' || row.action === 'UPDATE');
      if (toSave.length === 0) return report;

      await unitOfWork(db, async (trx) => {
        const tasks = { added: 0, moved: 0, removed: 0 };
        for (const row of toSave) {
          try {
            const saved = await requirements.saveWithin(trx, principal, scope, row.requirementId ?? null, row.body!);
            row.requirementId = saved.id;
            tasks.added += saved.counts.added;
            tasks.moved += saved.counts.moved;
            tasks.removed += saved.counts.removed;
          } catch (error) {
            // Something changed since the rows were checked (a user deactivated, a facility unassigned).
            if (!(error instanceof AppError) || error.status >= 500) throw error;
            const details = Array.isArray(error.details) ? (error.details as FieldError[]) : [];
            row.action = 'ERROR';
            row.errors = details.length
              ? details.map((detail) => ({ column: columnOfPath(detail.path), message: detail.message }))
              : [{ column: TITLE, message: error.message }];
            row.dueDates = [];
          }
        }
        // A row that failed at saving (something changed since it was checked) rolls back the whole file,
        // skipping or not: its save may have written part of it in this transaction.
        const failed = reportOf(rows, warnings, options);
        if (failed.summary.error > report.summary.error) throw conflictWith(failed);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'IMPORT',
          entityType: 'REQUIREMENT',
          entityId: newId(),
          facilityId: null,
          changes: {
            file: { before: null, after: { name: upload.fileName, sha256: upload.sha256, rows: rows.length } },
            requirements: {
              before: null,
              after: {
                created: report.summary.create,
                updated: report.summary.update,
                unchanged: report.summary.unchanged,
                ...(options.skipInvalidRows ? { skipped: report.summary.error } : {}),
              },
            },
            tasks: { before: null, after: tasks },
          },
        });
      });
      return reportOf(rows, warnings, options);
    },

    async errorReport(principal, upload) {
      const { rows } = await plan(principal, upload);
      return errorReportFile(upload.bytes, rows, upload.fileName);
    },
  };
}

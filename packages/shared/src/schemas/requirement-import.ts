import { z } from 'zod';
import { SCHEDULE_MODES, TASK_CATEGORIES, TASK_FREQUENCIES, WEEKEND_SHIFTS } from '../enums';
import { dataOf, querySchema } from './common';

/**
 * Bulk import of requirements from CSV or XLSX (/requirements, /api/requirements/import).
 * The columns are defined once here: the template, the reader, the error report and the screen use this
 * list, so a new requirement field is one more entry.
 */

/** What a cell holds; decides how it is read and which data-validation list the XLSX template carries. */
export type ImportColumnKind = 'text' | 'date' | 'integer' | 'boolean' | 'enum' | 'list';

export interface ImportColumn {
  /** Stable key (also accepted as a header). */
  key: string;
  /** The English header of the template. */
  header: string;
  kind: ImportColumnKind;
  /** The file must have this column. */
  required: boolean;
  /** Allowed values of an `enum` column. */
  values?: readonly string[];
  /** The template's example row. */
  example: string;
  /** What the column means (the template's note on the header cell). */
  help: string;
}

export const BOOLEAN_CELL_VALUES = ['yes', 'no'] as const;

export const IMPORT_COLUMNS = [
  {
    key: 'title',
    header: 'Title',
    kind: 'text',
    required: true,
    example: 'Monthly fire extinguisher inspection',
    help: 'What must be done (required).',
  },
  {
    key: 'description',
    header: 'Description',
    kind: 'text',
    required: false,
    example: 'Check pressure gauge, pin and seal of every extinguisher.',
    help: 'Free text.',
  },
  {
    key: 'regulation',
    header: 'Regulation',
    kind: 'text',
    required: false,
    example: '29 CFR 1910.157',
    help: 'The citation or the title of a regulation in Settings > Regulations.',
  },
  {
    key: 'citation',
    header: 'Citation',
    kind: 'text',
    required: false,
    example: '1910.157(e)(2)',
    help: 'The section of the regulation this requirement comes from.',
  },
  {
    key: 'programArea',
    header: 'Program area',
    kind: 'text',
    required: false,
    example: 'Fire safety',
    help: 'The name of a program area in Settings > Program areas.',
  },
  {
    key: 'category',
    header: 'Category',
    kind: 'enum',
    required: true,
    values: TASK_CATEGORIES,
    example: 'SAFETY',
    help: `One of ${TASK_CATEGORIES.join(', ')}.`,
  },
  {
    key: 'frequency',
    header: 'Frequency',
    kind: 'enum',
    required: true,
    values: TASK_FREQUENCIES,
    example: 'MONTHLY',
    help: `One of ${TASK_FREQUENCIES.join(', ')}.`,
  },
  {
    key: 'scheduleMode',
    header: 'Schedule mode',
    kind: 'enum',
    required: false,
    values: SCHEDULE_MODES,
    example: 'CALENDAR',
    help:
      'CALENDAR (fixed dates), AFTER_COMPLETION (the next one counts from the last completion) or PERIOD_END ' +
      '(one task per reporting period, due after it ends: fill Days after the period or Day of the following ' +
      'month). Default CALENDAR.',
  },
  {
    key: 'firstDueDate',
    header: 'First due date',
    kind: 'date',
    required: true,
    example: '2027-01-31',
    help: 'A date cell or text YYYY-MM-DD (2027-1-5 and 2027/01/05 are read too).',
  },
  {
    key: 'periodStartMonth',
    header: 'Period start month',
    kind: 'integer',
    required: false,
    example: '',
    help: 'PERIOD_END only: the month (1-12) the reporting periods are aligned to, e.g. 7 for a fiscal year from July. Default 1.',
  },
  {
    key: 'periodDueDays',
    header: 'Days after the period',
    kind: 'integer',
    required: false,
    example: '',
    help: 'PERIOD_END only: the task is due this many days after the period ends (e.g. 30). Fill this or Day of the following month.',
  },
  {
    key: 'periodDueDayOfMonth',
    header: 'Day of the following month',
    kind: 'integer',
    required: false,
    example: '',
    help: 'PERIOD_END only: the task is due on this day (1-31) of the month after the period. Fill this or Days after the period.',
  },
  {
    key: 'weekendShift',
    header: 'Weekend shift',
    kind: 'enum',
    required: false,
    values: WEEKEND_SHIFTS,
    example: 'PREVIOUS',
    help: 'A due date on a weekend moves: NONE, PREVIOUS (Friday) or NEXT (Monday). Default NONE.',
  },
  {
    key: 'leadTimeDays',
    header: 'Lead time (days)',
    kind: 'integer',
    required: false,
    example: '7',
    help: 'Days before the due date the task opens. Empty: the default of the frequency.',
  },
  {
    key: 'graceDays',
    header: 'Grace (days)',
    kind: 'integer',
    required: false,
    example: '0',
    help: 'Days after the due date a completion still counts as on time. Empty: the default of the frequency.',
  },
  {
    key: 'evidenceRequired',
    header: 'Evidence required',
    kind: 'boolean',
    required: false,
    values: BOOLEAN_CELL_VALUES,
    example: 'yes',
    help: 'yes or no. Default no.',
  },
  {
    key: 'reviewRequired',
    header: 'Review required',
    kind: 'boolean',
    required: false,
    values: BOOLEAN_CELL_VALUES,
    example: 'no',
    help: 'yes or no: each completion waits for a reviewer to sign it. Default no.',
  },
  {
    key: 'minEvidence',
    header: 'Minimum evidence',
    kind: 'integer',
    required: false,
    example: '1',
    help: 'How many documents a completion needs.',
  },
  {
    key: 'permitNumber',
    header: 'Permit number',
    kind: 'text',
    required: false,
    example: '',
    help: 'Permit or reference number.',
  },
  {
    key: 'activeFrom',
    header: 'Active from',
    kind: 'date',
    required: false,
    example: '',
    help: 'No tasks before this date (date cell or YYYY-MM-DD).',
  },
  {
    key: 'activeUntil',
    header: 'Active until',
    kind: 'date',
    required: false,
    example: '',
    help: 'No tasks after this date (date cell or YYYY-MM-DD).',
  },
  {
    key: 'defaultAssigneeEmail',
    header: 'Default assignee email',
    kind: 'text',
    required: false,
    example: 'jane.doe@example.com',
    help: 'The email of an active user who can see the facilities.',
  },
  {
    key: 'facilityCodes',
    header: 'Facility codes',
    kind: 'list',
    required: false,
    example: 'PLANT-A; PLANT-B',
    help: 'Codes of the facilities the requirement applies to, separated by ; or new lines.',
  },
  {
    key: 'notApplicable',
    header: 'Not applicable at',
    kind: 'list',
    required: false,
    example: 'PLANT-C: no extinguishers on site',
    help: 'Facilities bound but not applicable, each as CODE: reason, separated by ; or new lines.',
  },
] as const satisfies readonly ImportColumn[];

export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** The header of the column the error report adds. */
export const ERRORS_COLUMN_HEADER = 'errors';
/** Most data rows one file may have. */
export const MAX_IMPORT_ROWS = 5000;
/** Due dates shown per facility for a row that creates or updates. */
export const IMPORT_DUE_DATES_SHOWN = 3;

export const IMPORT_ACTIONS = ['CREATE', 'UPDATE', 'UNCHANGED', 'ERROR'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importTemplateQuerySchema = querySchema({
  format: z.enum(IMPORT_FORMATS, { message: 'Format must be csv or xlsx' }).default('xlsx'),
});

/**
 * The multipart fields of POST /api/requirements/import (besides `file`). `skipInvalidRows`: `false` (the
 * default) imports all rows or nothing; `true` imports the valid rows and skips those with errors (they
 * stay ERROR in the report, and the error report of the same file lists them).
 */
export const importFieldsSchema = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun must be true or false' }).default('true'),
  skipInvalidRows: z.enum(['true', 'false'], { message: 'skipInvalidRows must be true or false' }).default('false'),
});

export const importCellErrorSchema = z.object({ column: z.string(), message: z.string() });
export type ImportCellError = z.infer<typeof importCellErrorSchema>;

export const importDueDatesSchema = z.object({
  facilityCode: z.string(),
  dueDates: z.array(z.string()),
});

export const importRowSchema = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The requirement updated or left unchanged (after an import: also the one created). */
  requirementId: z.string().optional(),
  title: z.string(),
  errors: z.array(importCellErrorSchema),
  /** CREATE and UPDATE: the first due dates per applicable facility. */
  dueDates: z.array(importDueDatesSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSummarySchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importReportSchema = z.object({
  rows: z.array(importRowSchema),
  summary: importSummarySchema,
  /** Notes about the whole file (encoding guessed, columns ignored). */
  warnings: z.array(z.string()),
  dryRun: z.boolean(),
  /** The valid rows were (or, in a dry run, would be) imported and the rows with errors skipped. */
  skipInvalidRows: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importReportResponseSchema = dataOf(importReportSchema);

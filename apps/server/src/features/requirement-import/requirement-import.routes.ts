import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importFieldsSchema,
  importReportResponseSchema,
  importTemplateQuerySchema,
} from '@rtms/shared/schemas/requirement-import';
import { principalOf, type AuthGuards, type Principal } from '../../platform/auth';
import { setFileHeaders } from '../../platform/downloads';
import { AppError, invalid } from '../../platform/errors';
import { MULTIPART_LIMITS, receiveUpload } from '../../platform/uploads';
import { validateUploadedFile } from '../documents/upload-validation';
import type { ImportOptions, ImportUpload, RequirementImportService } from './requirement-import.service';
import { errorResponses, bearerSecurity as security, routeOptions } from '../../platform/route-schema';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const IMPORTABLE_EXTENSIONS = ['csv', 'txt', 'xlsx'];

const UPLOAD_DESCRIPTION =
  'multipart/form-data: the fields `dryRun` (`true`, the default, or `false`) and `skipInvalidRows` (`false`, ' +
  'the default, or `true`) and one file part named `file` (CSV in UTF-8 or Windows-1252 separated by comma, ' +
  'semicolon or tab; or XLSX), with the columns of the template and at most 5,000 rows. A dry run writes ' +
  'nothing. An import writes every row in one transaction, or nothing and 409 with the report in `details` ' +
  'when a row has an error; with `skipInvalidRows=true` it writes the valid rows in one transaction and skips ' +
  'the rows with errors (ERROR in the report; the error report of the same file lists them). Every row gets ' +
  'its line in the report, whatever its schedule mode (CALENDAR, AFTER_COMPLETION, PERIOD_END). Formula ' +
  'cells are read by the value saved with them; text dates are read year first (2027-01-05, 2027-1-5).';

export interface RequirementImportRoutesOptions {
  /** Where uploads wait while they are read. */
  tempDir: string;
  /** The documents' upload size limit. */
  maxBytes: number;
}

/** `/api/requirements/import`: template, dry run, import and error report. */
export function requirementImportRoutes(
  imports: RequirementImportService,
  guards: AuthGuards,
  options: RequirementImportRoutesOptions,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'requirements', errors);
  /** Receives the one file, checked like a document upload (name, content, ZIP structure), as bytes. */
  async function receive(request: Parameters<typeof receiveUpload>[0]): Promise<{
    upload: ImportUpload;
    fields: Record<string, string | string[]>;
  }> {
    const received = await receiveUpload(request, { tempDir: options.tempDir, maxBytes: options.maxBytes });
    try {
      if (!received.file) throw invalid('Choose a CSV or XLSX file', [{ path: 'file', message: 'Choose a file' }]);
      const accepted = await validateUploadedFile(received.file);
      if (!IMPORTABLE_EXTENSIONS.includes(accepted.type.extension)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Import a CSV or XLSX file (see the template)');
      }
      const bytes = await fsp.readFile(received.file.tempPath);
      return {
        upload: { bytes, fileName: accepted.fileName, sha256: received.file.sha256 },
        fields: received.fields,
      };
    } finally {
      await received.cleanup();
    }
  }

  function optionsOf(fields: Record<string, string | string[]>): ImportOptions {
    const parsed = importFieldsSchema.safeParse({ dryRun: fields.dryRun, skipInvalidRows: fields.skipInvalidRows });
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: 'Use true or false',
      }));
      throw invalid(parsed.error.issues[0]!.message, details);
    }
    return { dryRun: parsed.data.dryRun === 'true', skipInvalidRows: parsed.data.skipInvalidRows === 'true' };
  }

  return async (app) => {
    await app.register(multipart, {
      limits: { ...MULTIPART_LIMITS, fileSize: options.maxBytes },
      throwFileSizeLimit: false,
    });

    app.get(
      '/requirements/import/template',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'The import template: one column per requirement field, a header row and an example row',
          description: 'CSV (UTF-8 with BOM) or XLSX (with lists for the enumerations). Errors are JSON.',
          security,
          querystring: importTemplateQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await imports.template(request.query.format);
        setFileHeaders(reply, { ...file, size: file.body.length });
        return reply.send(file.body);
      },
    );

    app.post(
      '/requirements/import',
      route(
        'requirement:manage',
        'Import requirements from CSV or XLSX: a dry run marks each row; an import writes all or nothing, or the valid rows',
        {
          description: UPLOAD_DESCRIPTION,
          consumes: ['multipart/form-data'],
          response: { 200: importReportResponseSchema },
        },
      ),
      async (request) => {
        const { upload, fields } = await receive(request);
        const principal: Principal = principalOf(request);
        return { data: await imports.run(principal, upload, optionsOf(fields)) };
      },
    );

    app.post(
      '/requirements/import/error-report',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'The uploaded file as it came, with an `errors` column from a dry run',
          description: 'multipart/form-data with one file part named `file`. Answers the file (CSV or XLSX).',
          consumes: ['multipart/form-data'],
          security,
        },
      },
      async (request, reply) => {
        const { upload } = await receive(request);
        const file = await imports.errorReport(principalOf(request), upload);
        setFileHeaders(reply, { ...file, size: file.body.length });
        return reply.send(file.body);
      },
    );
  };
}

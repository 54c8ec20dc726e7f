import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportReport, importReportResponseSchema } from '@rtms/shared/schemas/requirement-import';
import { apiUpload, type UploadOptions } from '../../../lib/api-upload';
import { invalidateRequirementsAndTasks } from './invalidate';

export interface ImportRequirementsInput extends UploadOptions {
  file: File;
  dryRun: boolean;
  /** Import the valid rows and skip those with errors (otherwise all or nothing). */
  skipInvalidRows?: boolean;
}

/**
 * POST /api/requirements/import (multipart): the dry run's report, or the import's. An import whose rows
 * have errors answers 409 with the report in the error's `details`, unless it skips them.
 */
export function importRequirements({
  file,
  dryRun,
  skipInvalidRows = false,
  ...options
}: ImportRequirementsInput): Promise<{ data: ImportReport }> {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('skipInvalidRows', String(skipInvalidRows));
  form.append('file', file, file.name);
  return apiUpload('/requirements/import', form, importReportResponseSchema, options);
}

export function useImportRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRequirements,
    onSuccess: (_report, input) => {
      if (!input.dryRun) void invalidateRequirementsAndTasks(queryClient);
    },
  });
}

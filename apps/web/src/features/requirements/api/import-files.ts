import type { ImportFormat } from '@rtms/shared/schemas/requirement-import';
import { apiDownload, fetchApiFile, fileHeadersOf, type DownloadedFile } from '../../../lib/api-download';

/** GET /api/requirements/import/template?format=csv|xlsx */
export function downloadImportTemplate(format: ImportFormat): Promise<DownloadedFile> {
  return apiDownload(`/requirements/import/template?format=${format}`);
}

/**
 * POST /api/requirements/import/error-report: the uploaded file with an `errors` column. A POST that
 * answers a file, which neither `apiDownload` (GET) nor `apiUpload` (JSON answers) does.
 */
export async function downloadImportErrorReport(file: File): Promise<DownloadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetchApiFile('/requirements/import/error-report', { method: 'POST', body: form });
  return { blob: await response.blob(), ...fileHeadersOf(response) };
}

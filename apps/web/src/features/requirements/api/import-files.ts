import type { ImportFormat } from '@rtms/shared/schemas/requirement-import';
import { reportUnauthorized } from '../../../lib/api-client';
import {
  apiDownload,
  apiErrorOf,
  fileNameFromContentDisposition,
  networkError,
  type DownloadedFile,
} from '../../../lib/api-download';
import { readStoredToken } from '../../../lib/auth/session-storage';

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
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch('/api/requirements/import/error-report', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
      cache: 'no-store',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const error = apiErrorOf(response.status, await response.text().catch(() => ''));
    if (response.status === 401) reportUnauthorized();
    throw error;
  }
  const mediaType = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  return {
    blob: await response.blob(),
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
    mediaType,
  };
}

import { apiDownload, type DownloadedFile, type DownloadOptions } from '../../../lib/api-download';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/documents/:id/download: the current file, or a former `version`. */
export function downloadDocument(
  id: string,
  { version, ...options }: DownloadOptions & { version?: number } = {},
): Promise<DownloadedFile> {
  return apiDownload(`/documents/${encodeURIComponent(id)}/download${toQueryString({ version })}`, options);
}

import type { EvidencePackQuery } from '@rtms/shared/schemas/documents';
import { apiDownload, type DownloadedFile, type DownloadOptions } from '../../../lib/api-download';
import { toQueryString } from '../../../components/data/query-string';

/**
 * GET /api/evidence-packs: one ZIP (streamed by the server) with every active evidence file of the tasks
 * due from `from` to `to` of the chosen facility, requirement and/or program area, and an index (CSV, PDF).
 */
export function downloadEvidencePack(query: EvidencePackQuery, options: DownloadOptions = {}): Promise<DownloadedFile> {
  return apiDownload(`/evidence-packs${toQueryString(query)}`, options);
}

import type { ReportFormat, ReportQueryInput } from '@rtms/shared/schemas/reports';
import { apiDownload, type DownloadedFile } from '../../../lib/api-download';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/reports/{scorecard|trend}/export: the report as a PDF (with its charts) or an Excel file. */
export function downloadReport(
  report: 'scorecard' | 'trend',
  query: ReportQueryInput,
  format: ReportFormat,
): Promise<DownloadedFile> {
  return apiDownload(`/reports/${report}/export${toQueryString({ ...query, format })}`);
}

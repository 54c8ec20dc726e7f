import { reportEmbedResponseSchema, type ReportEmbedBody } from '@rtms/shared/schemas/report-embed';
import { dataResource } from '../../../components/data/list-endpoint';

const reportEmbed = dataResource(['report-embed'], '/report-embed', reportEmbedResponseSchema);

/** GET /api/report-embed: the embedded BI report's address, or null (every signed-in user). */
export const useReportEmbed = reportEmbed.useData;

/** PUT /api/report-embed (ALL_FACILITY_ADMIN). */
export const useUpdateReportEmbed = () => reportEmbed.useChange<ReportEmbedBody>('PUT');

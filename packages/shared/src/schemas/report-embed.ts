import { z } from 'zod';
import { dataOf } from './common';

/**
 * The embedded BI report ("Power BI Report"): an https address on app.powerbi.com or on a host the
 * deployment allows (REPORT_EMBED_HOSTS). The host check is the server's (it knows the allowed hosts).
 */
export const REPORT_EMBED_DEFAULT_HOST = 'app.powerbi.com';

export const reportEmbedSchema = z.object({
  /** The report's address, or null when none is set (the menu entry is then hidden). */
  url: z.string().nullable(),
});
export type ReportEmbed = z.infer<typeof reportEmbedSchema>;

export const reportEmbedBodySchema = z
  .object({
    url: z
      .string({ message: 'Enter the address of the report, or clear it' })
      .trim()
      .max(2000, 'An address must be at most 2000 characters long')
      .nullable(),
  })
  .strict();
export type ReportEmbedBody = z.input<typeof reportEmbedBodySchema>;

export const reportEmbedResponseSchema = dataOf(reportEmbedSchema);

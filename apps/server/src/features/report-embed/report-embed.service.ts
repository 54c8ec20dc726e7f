import type { Kysely } from 'kysely';
import type { ReportEmbed, ReportEmbedBody } from '@rtms/shared/schemas/report-embed';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { invalid } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { embedAddressProblem, frameSourceOf } from './embed-address';
import { findReportSetting, upsertReportSetting } from './report-settings.repository';

const EMBED_URL = 'embedUrl';

export interface ReportEmbedService {
  /** The embedded report's address, or null. An address no longer allowed (REPORT_EMBED_HOSTS changed) is null. */
  read(): Promise<ReportEmbed>;
  /** Sets or clears the address (the all-facility administrators; the route checks the permission). */
  write(principal: Principal, body: ReportEmbedBody): Promise<ReportEmbed>;
  /** The origin the pages' Content Security Policy must allow in frame-src, or undefined. */
  frameSource(): Promise<string | undefined>;
}

export function createReportEmbedService(
  db: Kysely<Database>,
  audit: AuditService,
  options: { allowedHosts: readonly string[]; clock: Clock },
): ReportEmbedService {
  const stored = async (): Promise<string | null> => {
    const value = await findReportSetting(db, EMBED_URL);
    const url = value ? (JSON.parse(value) as string | null) : null;
    return url && !embedAddressProblem(url, options.allowedHosts) ? url : null;
  };
  return {
    async read() {
      return { url: await stored() };
    },

    async write(principal, body) {
      const url = body.url ? body.url.trim() : null;
      if (url) {
        const problem = embedAddressProblem(url, options.allowedHosts);
        if (problem) throw invalid('The report address is not allowed', [{ path: 'url', message: problem }]);
      }
      await unitOfWork(db, async (trx) => {
        const beforeText = await findReportSetting(trx, EMBED_URL);
        const before = beforeText ? (JSON.parse(beforeText) as string | null) : null;
        if (before === url) return;
        await upsertReportSetting(trx, EMBED_URL, JSON.stringify(url), nowIso(options.clock()));
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'REPORT_SETTINGS',
          entityId: EMBED_URL,
          changes: { embedUrl: { before, after: url } },
        });
      });
      return { url };
    },

    async frameSource() {
      const url = await stored();
      return url ? frameSourceOf(url) : undefined;
    },
  };
}

import type { SignedEvidence } from '@rtms/shared/schemas/reviews';
import type { TaskSignatureRow } from '../reviews/reviews.table';
import type { PackSignature } from './evidence-pack-index';

/** A stored signature as the evidence pack's index shows it. */
export function packSignatureOf(row: TaskSignatureRow): PackSignature {
  return {
    signerName: row.signerName,
    signedAt: row.signedAt,
    decision: row.decision,
    meaning: row.decision === 'APPROVE' ? row.meaning : null,
    reason: row.reason,
    method: row.method,
    evidence: (JSON.parse(row.evidence) as SignedEvidence[]).map(({ fileName, version, sha256 }) => ({
      fileName,
      version,
      sha256,
    })),
  };
}

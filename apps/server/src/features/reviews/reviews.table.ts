import type { Selectable } from 'kysely';
import type {
  ExtensionRequestStatus,
  ReauthenticationMethod,
  SignatureDecision,
  SignatureMeaning,
} from '@rtms/shared/schemas/reviews';

/** A reviewer's electronic signature on a task's completion (migration 0210). */
export interface TaskSignaturesTable {
  id: string;
  taskId: string;
  facilityId: string;
  signerId: string;
  /** The signer's name at signing time. */
  signerName: string;
  signedAt: string;
  meaning: SignatureMeaning;
  decision: SignatureDecision;
  reason: string | null;
  method: ReauthenticationMethod;
  /** JSON: the evidence versions covered, each with its SHA-256. */
  evidence: string;
  completedAt: string | null;
  completedBy: string | null;
  createdAt: string;
}

/** A request for a later due date, decided by the facility's admins or the all-facility roles. */
export interface ExtensionRequestsTable {
  id: string;
  taskId: string;
  facilityId: string;
  requesterId: string;
  currentDueDate: string;
  requestedDueDate: string;
  reason: string;
  status: ExtensionRequestStatus;
  decidedById: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export type TaskSignatureRow = Selectable<TaskSignaturesTable>;
export type ExtensionRequestRow = Selectable<ExtensionRequestsTable>;

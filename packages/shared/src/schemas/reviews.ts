import { z } from 'zod';
import { calendarDateSchema, dataOf, idSchema, instantSchema, listQuerySchema, pageOf, recordSchema } from './common';

/** What a reviewer's signature means. */
export const SIGNATURE_MEANINGS = ['REVIEWED', 'APPROVED'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

export const SIGNATURE_DECISIONS = ['APPROVE', 'REJECT'] as const;
export type SignatureDecision = (typeof SIGNATURE_DECISIONS)[number];

/** How the signer proved who they were in the request that signed (NONE: a rejection, which signs nothing). */
export const REAUTHENTICATION_METHODS = ['PASSWORD', 'TOTP', 'SINGLE_SIGN_ON', 'NONE'] as const;
export type ReauthenticationMethod = (typeof REAUTHENTICATION_METHODS)[number];

/** How long a single sign-on re-authentication counts for a signature: its `auth_time` at most this old. */
export const SIGNING_SIGN_IN_MAX_AGE_SECONDS = 300;

const reasonText = z.string().trim().max(2000, 'The reason must be at most 2000 characters long');

/**
 * POST /api/tasks/:id/review. APPROVE is an electronic signature: it needs a meaning and, in the same request,
 * the signer's password, a code of their second factor, or a signing grant from a fresh single sign-on.
 * REJECT needs a reason.
 */
export const reviewBodySchema = z
  .object({
    decision: z.enum(SIGNATURE_DECISIONS, { message: 'Use APPROVE or REJECT' }),
    meaning: z.enum(SIGNATURE_MEANINGS, { message: 'Use REVIEWED or APPROVED' }).optional(),
    reason: reasonText.optional(),
    password: z.string().min(1, 'Enter your password').max(1024).optional(),
    code: z.string().trim().min(1, 'Enter the code').max(32).optional(),
    signingGrant: z.string().min(1).max(128).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.decision === 'REJECT' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for the rejection' });
    }
    if (body.decision === 'APPROVE') {
      if (!body.meaning)
        ctx.addIssue({ code: 'custom', path: ['meaning'], message: 'Choose what the signature means' });
      const proofs = [body.password, body.code, body.signingGrant].filter((value) => value !== undefined).length;
      if (proofs === 0) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password to sign' });
      } else if (proofs > 1) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Give one of password, code or signing grant' });
      }
    }
  });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** One evidence version a signature covers. */
export const signedEvidenceSchema = z.object({
  documentId: idSchema,
  title: z.string(),
  version: z.number().int(),
  fileName: z.string(),
  sha256: z.string(),
});
export type SignedEvidence = z.infer<typeof signedEvidenceSchema>;

export const signatureSchema = z.object({
  _id: idSchema,
  taskId: idSchema,
  signerId: idSchema,
  signerName: z.string(),
  /** UTC instant. */
  signedAt: instantSchema,
  meaning: z.enum(SIGNATURE_MEANINGS).nullable(),
  decision: z.enum(SIGNATURE_DECISIONS),
  reason: z.string().nullable(),
  method: z.enum(REAUTHENTICATION_METHODS),
  evidence: z.array(signedEvidenceSchema),
  /** Whether it still stands: a later evidence version, a rejection or a reopening ends an approval. */
  current: z.boolean(),
});
export type Signature = z.infer<typeof signatureSchema>;

export const signatureResponseSchema = dataOf(signatureSchema);
export const signatureListResponseSchema = dataOf(z.array(signatureSchema));

/** POST /api/auth/oidc/sign: a fresh single sign-on for a signature, returning to `returnTo` (a page of the app). */
export const signingSignInBodySchema = z
  .object({
    returnTo: z
      .string()
      .max(500)
      .regex(/^\/[A-Za-z0-9/_-]*$/, 'Use a path of this application'),
  })
  .strict();
export const signingSignInResponseSchema = dataOf(z.object({ url: z.string() }));

export const EXTENSION_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ExtensionRequestStatus = (typeof EXTENSION_REQUEST_STATUSES)[number];

/** POST /api/tasks/:id/extension-requests */
export const createExtensionRequestBodySchema = z
  .object({
    requestedDueDate: calendarDateSchema,
    reason: reasonText.min(1, 'Give the reason for the later date'),
  })
  .strict();
export type CreateExtensionRequestBody = z.infer<typeof createExtensionRequestBodySchema>;

/** POST /api/extension-requests/:id/decide: a rejection needs a reason. */
export const decideExtensionRequestBodySchema = z
  .object({
    decision: z.enum(SIGNATURE_DECISIONS, { message: 'Use APPROVE or REJECT' }),
    reason: reasonText.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.decision === 'REJECT' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for the rejection' });
    }
  });
export type DecideExtensionRequestBody = z.infer<typeof decideExtensionRequestBodySchema>;

export const extensionRequestSchema = recordSchema({
  taskId: idSchema,
  taskTitle: z.string(),
  facilityId: idSchema,
  facilityName: z.string(),
  requesterId: idSchema,
  requesterName: z.string(),
  currentDueDate: z.string(),
  requestedDueDate: z.string(),
  reason: z.string(),
  status: z.enum(EXTENSION_REQUEST_STATUSES),
  decidedById: idSchema.nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: instantSchema.nullable(),
  decisionReason: z.string().nullable(),
});
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;

export const EXTENSION_REQUEST_SORTS = ['createdAt', '-createdAt', 'requestedDueDate', '-requestedDueDate'] as const;

/** GET /api/extension-requests: the requests of the caller's scope a decider sees (default: pending). */
export const extensionRequestListQuerySchema = listQuerySchema(EXTENSION_REQUEST_SORTS, {
  status: z.enum(EXTENSION_REQUEST_STATUSES).optional(),
  facilityId: idSchema.optional(),
  taskId: idSchema.optional(),
});
export type ExtensionRequestListQuery = z.infer<typeof extensionRequestListQuerySchema>;
export const extensionRequestPageSchema = pageOf(extensionRequestSchema);
export const extensionRequestResponseSchema = dataOf(extensionRequestSchema);

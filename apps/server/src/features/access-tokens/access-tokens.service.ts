import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import {
  MAX_ACCESS_TOKEN_DAYS,
  MAX_ACCESS_TOKENS,
  type AccessToken,
  type AccessTokenListQuery,
  type CreateAccessTokenBody,
} from '@rtms/shared/schemas/access-tokens';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf, type Page } from '../../platform/list-query';
import { sha256Hex } from '../../platform/sha256';
import { actorOf, type AuditService } from '../audit/audit.service';
import {
  countTokensOfUser,
  deleteTokenOfUser,
  findLiveTokenBySecretHash,
  listTokensOfUser,
  insertToken,
  markTokenUsed,
  type AccessTokenListRow,
} from './access-tokens.repository';

/** A token's secret: a fixed prefix (so that a leaked one is recognisable) and 32 random bytes, base64url. */
const PREFIX = 'rtms_pat_';
const SECRET_PATTERN = /^rtms_pat_[A-Za-z0-9_-]{43}$/;
/** The last use is written at most once a minute per token: a BI refresh makes many requests in a row. */
const LAST_USE_STEP_MS = 60_000;

/** The owner of a live token, as the feed sees them at this request. */
export interface TokenOwner {
  id: string;
  email: string;
  role: Principal['role'];
  firstName: string;
  lastName: string;
}

function toToken(row: AccessTokenListRow): AccessToken {
  return {
    _id: row.id,
    name: row.name,
    expiresOn: row.expiresOn,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
  };
}

export interface AccessTokensService {
  list(principal: Principal, query: AccessTokenListQuery): Promise<Page<AccessToken>>;
  /** Creates a token; the answer carries its secret, which is never shown again. */
  create(principal: Principal, body: CreateAccessTokenBody): Promise<AccessToken & { token: string }>;
  /** Revokes one of the caller's tokens (404 when it is not theirs). */
  revoke(principal: Principal, id: string): Promise<void>;
  /**
   * The owner of a secret, judged now: the token must exist, not be past its expiry day, and belong to an
   * active user; undefined otherwise. Records the use.
   */
  authenticate(secret: string): Promise<TokenOwner | undefined>;
}

export function createAccessTokensService(
  db: Kysely<Database>,
  audit: AuditService,
  clock: Clock,
): AccessTokensService {
  return {
    async list(principal, query) {
      const rows = await listTokensOfUser(db, listRequest(query, { userId: principal.id }, '-createdAt'));
      return pageOf(query, rows, toToken);
    },

    async create(principal, body) {
      const today = todayInTimeZone('UTC', clock());
      const expiresOn = body.expiresOn.trim();
      if (expiresOn <= today || expiresOn > addDays(today, MAX_ACCESS_TOKEN_DAYS)) {
        throw invalid('The expiry is not valid', [
          {
            path: 'expiresOn',
            message: `Choose an expiry after today and at most ${MAX_ACCESS_TOKEN_DAYS} days ahead`,
          },
        ]);
      }
      const secret = PREFIX + randomBytes(32).toString('base64url');
      const now = nowIso(clock());
      const id = newId();
      const name = body.name.trim();
      await unitOfWork(db, async (trx) => {
        if ((await countTokensOfUser(trx, principal.id)) >= MAX_ACCESS_TOKENS) {
          throw conflict(`At most ${MAX_ACCESS_TOKENS} access tokens; revoke one first`);
        }
        await insertToken(trx, {
          id,
          userId: principal.id,
          name,
          secretHash: sha256Hex(secret),
          expiresOn,
          lastUsedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'CREATE',
          entityType: 'ACCESS_TOKEN',
          entityId: id,
          changes: { name: { before: null, after: name }, expiresOn: { before: null, after: expiresOn } },
        });
      });
      return { _id: id, name, expiresOn, lastUsedAt: null, createdAt: now, token: secret };
    },

    async revoke(principal, id) {
      await unitOfWork(db, async (trx) => {
        const row = await deleteTokenOfUser(trx, principal.id, id);
        if (!row) throw notFound('Access token');
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'DELETE',
          entityType: 'ACCESS_TOKEN',
          entityId: row.id,
          changes: { name: { before: row.name, after: null } },
        });
      });
    },

    async authenticate(secret) {
      if (!SECRET_PATTERN.test(secret)) return undefined;
      const now = clock();
      const row = await findLiveTokenBySecretHash(db, sha256Hex(secret), todayInTimeZone('UTC', now));
      if (!row) return undefined;
      if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) >= LAST_USE_STEP_MS) {
        await markTokenUsed(db, row.id, nowIso(now));
      }
      return { id: row.userId, email: row.email, role: row.role, firstName: row.firstName, lastName: row.lastName };
    },
  };
}

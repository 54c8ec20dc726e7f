import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import { MAX_CALENDAR_FEEDS, type CalendarFeed, type CreateCalendarFeedBody } from '@rtms/shared/schemas/calendar';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { sha256Hex } from '../../platform/sha256';
import { actorOf, type AuditService } from '../audit/audit.service';
import { facilityRows } from '../facilities/facilities.repository';
import type { TaskFilterQuery } from '../tasks/task-list.service';
import type { TasksService } from '../tasks/tasks.service';
import { facilityScopeOf, isFacilityInScope } from '../user-facilities/facility-scope';
import { feedToIcs } from './calendar-feed-ics';
import type { CorrectiveActionsService } from '../findings/corrective-actions.service';
import {
  countFeedsOfUser,
  deleteFeedsOfUser,
  findActiveFeedBySecretHash,
  findFeedsOfUser,
  insertFeed,
  markFeedUsed,
  type CalendarFeedListRow,
} from './calendar-feeds.repository';
import { unitOfWork } from '../../db/unit-of-work';

/** A feed covers tasks due from 3 months back to 13 months ahead, and every overdue task. */
const FEED_MONTHS_BACK = 3;
const FEED_MONTHS_AHEAD = 13;
/** Most events in one feed (a facility's 16 months fit many times over). */
const MAX_FEED_EVENTS = 10_000;
/** The secret in a feed URL: 32 random bytes, base64url (43 characters). */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function toFeed(row: CalendarFeedListRow): CalendarFeed {
  return {
    _id: row.id,
    name: row.name,
    scope: row.scope,
    facilityId: row.facilityId,
    facilityName: row.facilityName ?? null,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export type FeedAnswer = { status: 404 } | { status: 304; etag: string } | { status: 200; etag: string; body: string };

export interface CalendarFeedsService {
  list(principal: Principal): Promise<CalendarFeed[]>;
  /** Creates a feed; the answer's URL carries the secret, which is never shown again. */
  create(principal: Principal, body: CreateCalendarFeedBody, origin: string): Promise<CalendarFeed & { url: string }>;
  /** Revokes one of the caller's feeds (404 when it is not theirs) or all of them; returns how many. */
  revoke(principal: Principal, id?: string): Promise<number>;
  /**
   * The feed of a secret, judged now: the owner must be active, and the tasks are those of the owner's
   * current facility scope. `ifNoneMatch` as the client sent it.
   */
  render(secret: string, origin: string, ifNoneMatch: string | undefined): Promise<FeedAnswer>;
}

export function createCalendarFeedsService(
  db: Kysely<Database>,
  audit: AuditService,
  tasks: TasksService,
  clock: Clock,
  /** The corrective actions a feed lists beside its tasks (their owners' deadlines). */
  actions?: Pick<CorrectiveActionsService, 'feedActions'>,
): CalendarFeedsService {
  /**
   * A feed's tasks: those due in the window, and before it every task still overdue, whatever its age (an
   * overdue task is work to do; it must not drop out of a calendar because it is old). Ordered by due date.
   */
  const feedTasks = async (
    owner: Pick<Principal, 'id' | 'role'>,
    scope: TaskFilterQuery,
    window: { dueFrom: string; dueTo: string },
  ) => {
    const older = await tasks.listAll(
      owner,
      { ...scope, dueTo: addDays(window.dueFrom, -1), state: ['OVERDUE'] },
      MAX_FEED_EVENTS,
    );
    const inWindow = await tasks.listAll(owner, { ...scope, ...window }, MAX_FEED_EVENTS - older.length);
    return [...older, ...inWindow];
  };

  return {
    async list(principal) {
      return (await findFeedsOfUser(db, principal.id)).map(toFeed);
    },

    async create(principal, body, origin) {
      const scope = body.scope;
      const facilityId = scope === 'FACILITY' ? (body.facilityId ?? null) : null;
      if (facilityId) {
        const callerScope = await facilityScopeOf(db, principal);
        const facility = await facilityRows.findById(db, facilityId);
        if (!facility || !isFacilityInScope(callerScope, facilityId)) throw notFound('Facility');
      }
      const secret = randomBytes(32).toString('base64url');
      const now = nowIso(clock());
      const id = newId();
      const name = body.name.trim();
      await unitOfWork(db, async (trx) => {
        if ((await countFeedsOfUser(trx, principal.id)) >= MAX_CALENDAR_FEEDS) {
          throw conflict(`At most ${MAX_CALENDAR_FEEDS} feeds; revoke one first`);
        }
        await insertFeed(trx, {
          id,
          userId: principal.id,
          name,
          scope,
          facilityId,
          secretHash: sha256Hex(secret),
          lastUsedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'CREATE',
          entityType: 'CALENDAR_FEED',
          entityId: id,
          facilityId,
          changes: {
            name: { before: null, after: name },
            scope: { before: null, after: scope },
            ...(facilityId ? { facilityId: { before: null, after: facilityId } } : {}),
          },
        });
      });
      const [row] = (await findFeedsOfUser(db, principal.id)).filter((feed) => feed.id === id);
      if (!row) throw notFound('Calendar feed');
      return { ...toFeed(row), url: `${origin}/ical/${secret}.ics` };
    },

    async revoke(principal, id) {
      return unitOfWork(db, async (trx) => {
        const rows = await deleteFeedsOfUser(trx, principal.id, id);
        if (id && rows.length === 0) throw notFound('Calendar feed');
        for (const row of rows) {
          await audit.record(trx, {
            actor: actorOf(principal),
            action: 'DELETE',
            entityType: 'CALENDAR_FEED',
            entityId: row.id,
            facilityId: row.facilityId,
            changes: { name: { before: row.name, after: null } },
          });
        }
        return rows.length;
      });
    },

    async render(secret, origin, ifNoneMatch) {
      if (!SECRET_PATTERN.test(secret)) return { status: 404 };
      const feed = await findActiveFeedBySecretHash(db, sha256Hex(secret));
      if (!feed) return { status: 404 };
      const now = clock();
      // The window is wide (16 months); a day's difference between zones at its ends does not matter.
      const today = todayInTimeZone('UTC', now);
      const owner = { id: feed.userId, role: feed.role };
      const window = {
        dueFrom: addMonthsClamped(today, -FEED_MONTHS_BACK),
        dueTo: addMonthsClamped(today, FEED_MONTHS_AHEAD),
      };
      // The owner's scope is judged again now: a facility unassigned since leaves the feed.
      const scopeOf: TaskFilterQuery | null =
        feed.scope === 'FACILITY'
          ? feed.facilityId
            ? { facilityId: feed.facilityId }
            : null
          : feed.scope === 'MINE'
            ? { assigneeId: feed.userId }
            : {};
      const list = scopeOf ? await feedTasks(owner, scopeOf, window) : [];
      const actionsOf =
        feed.scope === 'FACILITY'
          ? feed.facilityId
            ? { facilityId: feed.facilityId }
            : null
          : feed.scope === 'MINE'
            ? { ownerId: feed.userId }
            : {};
      const actionList = actionsOf && actions ? await actions.feedActions(owner, actionsOf, window) : [];
      const body = feedToIcs({ name: feed.name, origin, tasks: list, actions: actionList });
      const etag = `"${sha256Hex(body).slice(0, 32)}"`;
      await markFeedUsed(db, feed.id, nowIso(now));
      const matches = (ifNoneMatch ?? '')
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''))
        .includes(etag);
      return matches ? { status: 304, etag } : { status: 200, etag, body };
    },
  };
}

import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '@rtms/shared/enums';
import { can, type Permission } from '@rtms/shared/permissions';
import type { NotedRevisions } from '../db/revisions';
import { AppError } from './errors';

/** The signed-in caller of a request. */
export interface Principal {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  mustChangePassword: boolean;
  sessionId: string;
  /** The session may only set up a second factor: the user's role requires one they do not have yet. */
  mfaEnrolmentRequired?: boolean;
  /** The list revisions read with the session, for the request's lists (db/revisions.ts `findListRevisions`). */
  listRevisions?: NotedRevisions;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Routes a user may call while a password change is still required (sign-out, change password, me). */
    allowWhilePasswordChangeRequired?: boolean;
    /**
     * Open to callers without a session (sign-in, health, public configuration, client error reports).
     * Every other route under /api is authenticated before anything else (registerAuthenticationFirst).
     */
    public?: boolean;
    /** Routes a user may call while they must first set up a second factor (enrolment, me, sign-out). */
    allowWhileMfaEnrolmentRequired?: boolean;
  }
}

export interface AuthGuards {
  /** Requires a live session; sets `request.principal`. Rejects with 401 otherwise. */
  authenticateRequest(request: FastifyRequest): Promise<void>;
  /** authenticateRequest as a route's preHandler. */
  authenticate: preHandlerHookHandler;
  /** Requires a live session and a role allowed `permission` (403 otherwise). */
  requirePermission(permission: Permission): preHandlerHookHandler[];
}

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** A live session and its user, as authentication needs them (a flag may come back from the database as 0/1). */
export interface LiveSession {
  id: string;
  userId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  mustChangePassword: boolean | number;
  mfaEnrolmentRequired?: boolean | number | null;
  listRevisions?: NotedRevisions;
}

/**
 * How authentication finds the live session of a token. The sessions feature provides it and app.ts passes it in:
 * the platform depends on no feature.
 */
export interface SessionLookup {
  findLive(token: string): Promise<LiveSession | undefined>;
}

export function createAuthGuards(sessions: SessionLookup): AuthGuards {
  async function authenticateRequest(request: FastifyRequest): Promise<void> {
    // Already done by the onRequest hook of registerAuthenticationFirst: one session lookup per request.
    if (request.principal) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    // One query: the session with its user (a deactivated user's sessions are not live) and the list revisions.
    const session = await sessions.findLive(token);
    if (!session) throw unauthenticated();
    request.principal = {
      id: session.userId,
      email: session.email,
      role: session.role,
      firstName: session.firstName,
      lastName: session.lastName,
      mustChangePassword: Boolean(session.mustChangePassword),
      sessionId: session.id,
      mfaEnrolmentRequired: Boolean(session.mfaEnrolmentRequired),
      listRevisions: session.listRevisions,
    };
    if (request.principal.mustChangePassword && !request.routeOptions.config.allowWhilePasswordChangeRequired) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 'You must change your password before you continue.');
    }
    if (request.principal.mfaEnrolmentRequired && !request.routeOptions.config.allowWhileMfaEnrolmentRequired) {
      throw new AppError('MFA_ENROLMENT_REQUIRED', 'You must set up a second factor before you continue.');
    }
  }

  // The route guards are callback hooks, not async ones: on the usual path (the session was found by
  // registerAuthenticationFirst) they finish at once, without a promise per hook.
  const authenticate: preHandlerHookHandler = (request, _reply, done) => {
    if (request.principal) return done();
    authenticateRequest(request).then(
      () => done(),
      (error: Error | undefined) => done(error ?? unauthenticated()),
    );
  };
  return {
    authenticateRequest,
    authenticate,
    requirePermission(permission) {
      const check: preHandlerHookHandler = (request, _reply, done) => {
        done(can(request.principal?.role, permission) ? undefined : forbidden());
      };
      return [authenticate, check];
    },
  };
}

/** The principal of an authenticated route (the guard guarantees it is set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/**
 * Authentication before anything else, in one place: every route registered in `scope` (and in the
 * plugins registered into it later) authenticates in the onRequest phase, before its body is read,
 * parsed or validated, unless the route says `config: { public: true }`. So an anonymous or revoked
 * caller gets 401 whatever it sends ("a bad body never tells an anonymous caller anything"),
 * and a route that forgets its guard is closed rather than open. Permission checks (403) stay on the
 * routes' preHandlers, after validation.
 */
export function registerAuthenticationFirst(scope: FastifyInstance, guards: AuthGuards): void {
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.public) return done();
    guards.authenticate.call(scope, request, reply, done);
  });
}

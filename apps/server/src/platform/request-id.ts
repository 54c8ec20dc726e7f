import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a forwarded id may look like: enough for UUIDs and nginx's `$request_id`, nothing that can forge a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's request-id options. Behind a trusted load balancer (TRUST_PROXY) the balancer's
 * `X-Request-Id` becomes the request's id, so one id follows a request from the balancer's access log
 * into the instance's structured log; otherwise, or when the header is absent or malformed, a UUID.
 */
export function requestIdOptions(trustProxy: boolean) {
  return {
    requestIdHeader: false as const,
    genReqId(request: IncomingMessage): string {
      const forwarded = trustProxy ? request.headers['x-request-id'] : undefined;
      return typeof forwarded === 'string' && ACCEPTED_ID.test(forwarded) ? forwarded : randomUUID();
    },
  };
}

/** Every answer names its request id, so that a user's report or a client log can be matched to the server log. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}

import { randomUUID } from 'node:crypto';

/** A new entity id: a random UUID, opaque to clients. */
export function newId(): string {
  return randomUUID();
}

/** The current instant as an ISO-8601 UTC string, the one timestamp format stored. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

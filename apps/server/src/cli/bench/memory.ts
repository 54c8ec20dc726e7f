import type { FastifyInstance } from 'fastify';
import { keptSize } from '../../platform/kept';

const MB = 1024 * 1024;

/**
 * The bench server's memory, for the soak (bench/soak.ts): `GET /memory` on the bare instance answers the
 * process's RSS and heap after a full collection (the server runs with `--expose-gc`), and the bytes and
 * entries of the kept store (platform/kept.ts).
 */
export function serveMemory(bare: FastifyInstance): void {
  bare.get('/memory', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    const kept = keptSize();
    return { rssMb: rss / MB, heapUsedMb: heapUsed / MB, keptMb: kept.bytes / MB, keptEntries: kept.entries };
  });
}

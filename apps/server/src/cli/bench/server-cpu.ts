import type { FastifyInstance } from 'fastify';

/**
 * The bench server process's CPU time (user + system, in milliseconds) on the bare instance:
 * `GET /cpu`. The benchmark reads it before and after an endpoint's measurement and divides by the
 * requests served — the server's CPU per request, whatever else runs on the machine.
 */
export function serveProcessCpu(bare: FastifyInstance): void {
  bare.get('/cpu', async () => {
    const usage = process.cpuUsage();
    return { ms: (usage.user + usage.system) / 1000 };
  });
}

/** The server's CPU per request of `measure`'s requests (the bare instance's own reads are two requests). */
export async function cpuPerRequest<T extends { requests: number }>(
  barePort: number,
  measure: () => Promise<T>,
): Promise<T & { cpuMsPerRequest: number }> {
  const read = async () => ((await (await fetch(`http://127.0.0.1:${barePort}/cpu`)).json()) as { ms: number }).ms;
  const before = await read();
  const result = await measure();
  const after = await read();
  return { ...result, cpuMsPerRequest: result.requests ? (after - before) / result.requests : 0 };
}

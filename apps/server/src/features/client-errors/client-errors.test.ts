import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/test-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RATE_LIMITS } from '../../platform/rate-limit';

/** A real HTTP endpoint standing in for the error-reporting DSN: it keeps every report it receives. */
async function startReportSink() {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/report`;
  return { received, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('POST /api/client-errors', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startReportSink>>;
  const clock = testClock('2026-05-04T10:00:05Z');
  let address = 0;
  /** Each test reports from its own address: the limit counts per address. */
  const nextAddress = () => `198.51.100.${(address += 1)}`;
  const report = (payload: unknown, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress });

  beforeAll(async () => {
    sink = await startReportSink();
    t = await createTestApp({ ERROR_REPORTING_DSN: sink.url }, { now: clock });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('keeps the caller’s context under its own key, where it cannot overwrite the server’s fields', async () => {
    const from = nextAddress();
    const response = await report(
      {
        message: 'Render failed',
        context: { level: 'fatal', msg: 'forged', ip: '10.0.0.1', source: 'server', screen: 'tasks' },
        url: '/tasks',
      },
      from,
    );
    expect(response.statusCode).toBe(202);
    await until(() => sink.received.length > 0);
    const sent = sink.received.at(-1) as { message: string; source: string; context: Record<string, unknown> };
    expect(sent.message).toBe('Render failed');
    expect(sent.source).toBe('server');
    expect(sent.context).toEqual({
      source: 'web',
      url: '/tasks',
      ip: from,
      clientContext: { level: 'fatal', msg: 'forged', ip: '10.0.0.1', source: 'server', screen: 'tasks' },
    });
  });

  it('caps what one report can write: body size, stack length and number of context entries', async () => {
    const from = nextAddress();
    const big = await report({ message: 'x', stack: 'y'.repeat(9000) }, from);
    expect(big.statusCode).toBe(413);
    const longStack = await report({ message: 'x', stack: 'y'.repeat(6001) }, from);
    expect(longStack.statusCode).toBe(400);
    expect(longStack.json().details[0].path).toBe('stack');
    const context = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const wide = await report({ message: 'x', context }, from);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().details).toEqual([{ path: 'context', message: 'At most 20 context entries' }]);
  });

  it('accepts a few reports per address and minute, then answers 429 with Retry-After', async () => {
    clock.set('2026-05-04T10:01:10Z');
    const from = nextAddress();
    const { limit } = RATE_LIMITS.clientErrors;
    // In parallel: every report is counted, none slips through between a read and a write.
    const statuses = await Promise.all(
      Array.from({ length: limit + 15 }, async (_, i) => (await report({ message: `burst ${i}` }, from)).statusCode),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);

    const refused = await report({ message: 'one more' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many error reports. Try again in 50 seconds.',
      details: { retryAfterSeconds: 50 },
    });
    // Another address is not held back, and the next minute opens the door again.
    expect((await report({ message: 'elsewhere' }, nextAddress())).statusCode).toBe(202);
    clock.set('2026-05-04T10:02:00Z');
    expect((await report({ message: 'next minute' }, from)).statusCode).toBe(202);
  });
});

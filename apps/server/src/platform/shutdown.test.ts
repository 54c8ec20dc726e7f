import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, TEST_PASSWORD, createTestApp } from '../test/test-app';
import { registerGracefulShutdown, type GracefulShutdown } from './shutdown';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A raw HTTP/1.1 connection: the tests need to control exactly when each byte of a request is sent
 * (a request that is only half sent keeps its connection busy, so that shutdown does not reap it).
 */
async function connect(address: string): Promise<{ socket: net.Socket; nextResponse(): Promise<RawResponse> }> {
  const { hostname, port } = new URL(address);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = '';
  let waiting: (() => void) | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    waiting?.();
  });
  socket.on('close', () => waiting?.());
  return {
    socket,
    async nextResponse() {
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
          const headers = Object.fromEntries(
            lines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          );
          const length = Number(headers['content-length'] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.slice(end + 4, end + 4 + length);
            buffer = buffer.slice(end + 4 + length);
            return { status: Number(statusLine.split(' ')[1]), headers, body };
          }
        }
        if (socket.destroyed) throw new Error(`connection closed before a full response: ${JSON.stringify(buffer)}`);
        await new Promise<void>((resolve) => (waiting = resolve));
      }
    },
  };
}

function request(method: string, path: string, body?: unknown): string {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [`${method} ${path} HTTP/1.1`, 'Host: localhost', 'Connection: keep-alive'];
  if (payload) head.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`);
  return `${head.join('\r\n')}\r\n\r\n${payload}`;
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Rejects when `promise` takes longer than `ms`: a hanging close must fail the test, not time it out. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const refused = (address: string) =>
  fetch(`${address}/api/health`).then(
    (response) => `answered ${response.status}`,
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error),
  );

describe('graceful shutdown of the app', () => {
  it('answers new requests 503 while the request in flight finishes, then stops listening and closes the database', async () => {
    const t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const signIn = await connect(address);
    const late = await connect(address);
    // Half a request: the connection is busy, so shutdown does not reap it as idle.
    late.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');

    const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    const signInRequest = request('POST', '/api/users/login', { email: ADMIN_EMAIL, password: TEST_PASSWORD });
    // The head and part of the body: the request is in flight (being received) until the rest is sent.
    signIn.socket.write(signInRequest.slice(0, -10));
    await arrived;

    const closing = t.close();
    // A new connection while draining is accepted and told to retry, not refused.
    const fresh = await fetch(`${address}/api/health`);
    expect(fresh.status).toBe(503);
    expect(fresh.headers.get('retry-after')).toBe('1');
    expect(await fresh.json()).toEqual({ code: 'UNAVAILABLE', message: 'The server is shutting down. Please retry.' });

    late.socket.write('\r\n');
    const refusedLate = await late.nextResponse();
    expect(refusedLate.status).toBe(503);
    expect(refusedLate.headers.connection).toBe('close');
    expect(typeof (JSON.parse(refusedLate.body) as { message?: unknown }).message).toBe('string');

    expect(t.app.server.listening).toBe(true);
    signIn.socket.write(signInRequest.slice(-10));
    const finished = await signIn.nextResponse();
    expect(finished.status).toBe(200);
    const { data } = JSON.parse(finished.body) as { data: { token: string; user: { email: string } } };
    expect(data.token).toEqual(expect.any(String));
    expect(data.user.email).toBe(ADMIN_EMAIL);
    expect(finished.headers.connection).toBe('close');
    signIn.socket.destroy();

    // Nothing left in flight: the listener closes.
    await waitUntil(() => !t.app.server.listening, 'the server to stop listening');
    expect(await refused(address)).toBe('ECONNREFUSED');
    await within(closing, 5000, 'close()');
    await expect(t.database.db.selectFrom('users').select('id').execute()).rejects.toThrow();
  });

  it('reports not ready (503, database false) when the database is unreachable, while staying alive', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
        status: 'ready',
        database: true,
        storage: true,
      });
      await t.database.db.destroy();
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', database: false, storage: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('registerGracefulShutdown', () => {
  async function slowApp(): Promise<{
    app: FastifyInstance;
    shutdown: GracefulShutdown;
    address: string;
    release: () => void;
    arrived: Promise<void>;
  }> {
    const app = Fastify({ logger: false, return503OnClosing: false });
    const shutdown = registerGracefulShutdown(app);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    app.get('/slow', async () => {
      arrive();
      await gate;
      return { done: true };
    });
    app.get('/fast', async () => ({ fast: true }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, shutdown, address, release, arrived };
  }

  it('ends the keep-alive connection of a request in flight, so close() does not wait for the keep-alive timeout', async () => {
    const { shutdown, address, release, arrived } = await slowApp();
    const client = await connect(address);
    client.socket.write(request('GET', '/slow'));
    await arrived;
    const closing = shutdown.close();
    release();
    const response = await client.nextResponse();
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ done: true });
    expect(response.headers.connection).toBe('close');
    await within(closing, 3000, 'close()');
  });

  it('keeps listening while a request is in flight, answering new ones 503 in the product error shape', async () => {
    const { app, shutdown, address, release, arrived } = await slowApp();
    const busy = await connect(address);
    const late = await connect(address);
    late.socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n');
    busy.socket.write(request('GET', '/slow'));
    await arrived;
    const closing = shutdown.close();
    for (let i = 0; i < 3; i += 1) {
      const fresh = await fetch(`${address}/fast`);
      expect(fresh.status).toBe(503);
      expect(fresh.headers.get('connection')).toBe('close');
    }
    expect(shutdown.inFlight()).toBe(1);

    late.socket.write('\r\n');
    const response = await late.nextResponse();
    expect(response.status).toBe(503);
    expect(response.headers.connection).toBe('close');
    expect(response.headers['retry-after']).toBe('1');
    expect(JSON.parse(response.body)).toEqual({ code: 'UNAVAILABLE', message: expect.any(String) });
    expect(app.server.listening).toBe(true);

    release();
    expect((await busy.nextResponse()).status).toBe(200);
    await within(closing, 3000, 'close()');
    expect(app.server.listening).toBe(false);
    expect(await refused(address)).toBe('ECONNREFUSED');
  });

  it('counts a request whose client went away as finished', async () => {
    const { shutdown, address, release, arrived } = await slowApp();
    const gone = await connect(address);
    gone.socket.write(request('GET', '/slow'));
    await arrived;
    gone.socket.destroy();
    await waitUntil(() => shutdown.inFlight() === 0, 'the aborted request to be counted out');
    await within(shutdown.close(), 3000, 'close()');
    release();
  });

  it('changes nothing before close()', async () => {
    const { app, address, release } = await slowApp();
    release();
    const response = await fetch(`${address}/fast`);
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('keep-alive');
    await within(app.close(), 3000, 'close()');
  });
});

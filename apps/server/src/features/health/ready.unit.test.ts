import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { createLocalStorage } from '../../storage/local-storage';
import { healthRoutes } from './health.routes';
import { createHealthService, READY_CHECK_TIMEOUT_MS } from './health.service';

/** The readiness route alone, on a PostgreSQL URL that cannot answer. */
async function readyOn(database: DatabaseHandle) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-ready-')));
  await app.register(healthRoutes(createHealthService(database.db, storage)), { prefix: '/api' });
  const started = Date.now();
  const response = await app.inject({ method: 'GET', url: '/api/ready' });
  await app.close();
  return { response, tookMs: Date.now() - started };
}

/** A TCP port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('GET /api/ready when PostgreSQL is unreachable', () => {
  it('answers 503 with database false when nothing listens at the database address', async () => {
    const database = createDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/rtms`);
    cleanups.push(() => database.close());
    const { response } = await readyOn(database);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not ready', database: false, storage: true });
  });

  it('answers 503 within its time limit when the database accepts connections but never answers', async () => {
    // A hung server: it accepts the TCP connection and says nothing, so the query would wait forever.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = createDatabase(`postgres://postgres@127.0.0.1:${port}/rtms`);
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await database.close().catch(() => undefined);
    });

    const { response, tookMs } = await readyOn(database);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not ready', database: false, storage: true });
    expect(sockets.length).toBeGreaterThan(0);
    expect(tookMs).toBeGreaterThanOrEqual(READY_CHECK_TIMEOUT_MS - 50);
    expect(tookMs).toBeLessThan(READY_CHECK_TIMEOUT_MS + 2_000);
  });
});

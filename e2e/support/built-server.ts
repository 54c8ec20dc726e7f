import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, APP_NAME, COMPANY_NAME } from './config';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after 60 s:\n${output()}`);
}

export interface BuiltServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist, with the built web app) on `port` (a free one by default) and a
 * fresh data folder, with `env` added to the environment; the browser tests' one shared server, and the
 * extra servers of specs that need another configuration (single sign-on).
 */
export async function startBuiltServer(env: Record<string, string> = {}, port?: number): Promise<BuiltServer> {
  const serverEntry = path.join(ROOT, 'apps/server/dist/server.js');
  if (!fs.existsSync(serverEntry)) throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-e2e-'));
  const listenPort = port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      APP_NAME,
      COMPANY_NAME,
      COMPANY_WEBSITE: 'https://example.com/',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${listenPort}`;
  await waitUntilReady(baseURL, child, () => output);
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

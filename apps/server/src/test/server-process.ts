import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** One line of the server's structured (pino JSON) log. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  log: LogLine[];
  stderr: string[];
  /** Whether the process is still running. */
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server (src/server.ts under tsx) as a process of its own with `env`, and waits until `/api/ready`
 * answers 200: an error nothing handles really ends it, as it would in production.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const script = path.resolve(import.meta.dirname, '../server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: LogLine[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      log.push(JSON.parse(line) as LogLine);
    } catch {
      log.push({ msg: line });
    }
  });
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const url = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error(`server exited with ${child.exitCode}:\n${stderr.join('\n')}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready after 60 s:\n${stderr.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    log,
    stderr,
    alive,
    async stop(signal = 'SIGTERM') {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

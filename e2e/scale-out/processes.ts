import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../support/built-server';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

async function waitFor(url: string, child: ChildProcess, describe: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${describe()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready after 60 s:\n${describe()}`);
}

/** One line of an instance's structured (pino JSON) log. */
export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; level?: number };

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  log: LogLine[];
  stderr: string[];
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the built server (apps/server/dist/server.js) as its own process and waits until it is ready. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
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
  await waitFor(`${url}/api/ready`, child, () => [...log.map((l) => JSON.stringify(l)), ...stderr].join('\n'));
  return {
    name,
    port,
    url,
    child,
    log,
    stderr,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export interface Balancer {
  url: string;
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Runs nginx (Debian's package) as the load balancer with the repository's configuration
 * (deploy/nginx/rtms.conf), changed only where it must be: the instances' addresses, the port it
 * listens on and where it writes its logs and temporary files.
 */
export async function startBalancer(dir: string, instances: { port: number }[]): Promise<Balancer> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (Debian: apt-get install nginx-light)`);
  const port = await freePort();
  const shipped = fs.readFileSync(path.join(ROOT, 'deploy/nginx/rtms.conf'), 'utf8');
  const upstreams = instances
    .map((instance) => `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  const site = shipped
    .replace(/^ {4}server 10\.0\.0\.\d+:3000 .*\n/gm, '')
    .replace(/^upstream rtms \{\n/m, `upstream rtms {\n${upstreams}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/rtms.access.log', path.join(dir, 'access.log'));
  if (!site.includes(`127.0.0.1:${instances[0]!.port}`) || !site.includes(`listen 127.0.0.1:${port}`))
    throw new Error('deploy/nginx/rtms.conf no longer has the upstream and listen lines this test replaces');
  fs.writeFileSync(path.join(dir, 'rtms.conf'), site);
  // As root, nginx's workers run as "nobody": they must be able to write here.
  fs.chmodSync(dir, 0o777);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'rtms.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const errors = () =>
    fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
  await waitFor(`${url}/api/health`, child, errors);
  return {
    url,
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

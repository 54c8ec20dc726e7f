import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Cookies of one browser at one site, sent back on every request to it. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(lines: string[] | string | undefined) {
    for (const line of typeof lines === 'string' ? [lines] : (lines ?? [])) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value && !/;\s*Max-Age=0/i.test(line)) this.cookies.set(pair!.slice(0, at), value);
      else this.cookies.delete(pair!.slice(0, at));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser: its cookies at RTMS (the single sign-on binding cookie) and at the provider. */
export class Browser {
  readonly rtms = new CookieJar();
  readonly provider = new CookieJar();
  /** A request to the app from this browser: its cookies sent, the answer's kept. */
  async inject(t: TestApp, options: InjectOptions & { headers?: Record<string, string> }) {
    const cookie = this.rtms.header();
    const response = await t.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
    this.rtms.store(response.headers['set-cookie']);
    return response;
  }
}

/** Follows the provider's redirects in `browser` up to `callback`: the callback's path and query. */
export async function atProvider(browser: Browser, providerUrl: string, callback: string): Promise<string> {
  const origin = new URL(callback).origin;
  let location = providerUrl;
  for (let hop = 0; hop < 10 && !location.startsWith(origin); hop += 1) {
    const response = await fetch(location, { redirect: 'manual', headers: { cookie: browser.provider.header() } });
    browser.provider.store(response.headers.getSetCookie());
    const next = response.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${location}: ${response.status} ${await response.text()}`);
    location = new URL(next, location).toString();
  }
  const reached = new URL(location);
  expect(reached.origin + reached.pathname).toBe(callback);
  return reached.pathname + reached.search;
}

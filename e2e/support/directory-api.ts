import { ADMIN_EMAIL, ADMIN_PASSWORD } from './config';

/** Thin API helpers for browser tests that set up data (users of each role, facilities…) before driving the UI. */
export interface ApiClient {
  token: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** POSTs a new record to `path` and answers its `_id`. */
  create(path: string, body: object): Promise<string>;
}

export async function signInApi(baseURL: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<ApiClient> {
  const response = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  const client: ApiClient = {
    token: data.token,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const result = await fetch(`${baseURL}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${data.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await result.text();
      if (!result.ok) throw new Error(`${method} ${path} → ${result.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async create(path, body) {
      return (await client.call<{ data: Created }>('POST', path, body)).data._id;
    },
  };
  return client;
}

export interface Created {
  _id: string;
}

/** Creates a facility (in UTC unless `more` names another time zone) and answers its id. */
export function createFacility(admin: ApiClient, name: string, code: string, type: string, more: object = {}) {
  return admin.create('/facilities', { name, code, type, timeZone: 'UTC', ...more });
}

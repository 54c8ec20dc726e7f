import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionResponseSchema } from '@rtms/shared/schemas/auth';
import { ApiError, apiRequest, noContent, setUnauthorizedListener } from './api-client';
import { apiUpload } from './api-upload';
import { reportError } from './error-reporting';

vi.mock('./error-reporting', () => ({ reportError: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SESSION = {
  data: {
    token: 't1',
    user: {
      _id: 'u1',
      email: 'ana@example.com',
      name: 'Ana Ruiz',
      role: 'ALL_FACILITY_ADMIN',
      firstName: 'Ana',
      lastName: 'Ruiz',
      mustChangePassword: false,
      mfaEnrolmentRequired: false,
    },
  },
};

/** A schema whose output differs from its input: what the call returns is the output. */
const countsSchema = z.object({
  data: z.object({ total: z.number().int(), label: z.string().transform((value) => value.toUpperCase()) }),
  meta: z.object({ cached: z.boolean().default(false) }),
});

/** What a call failed with. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(reportError).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedListener(() => undefined);
});

describe('apiRequest: the answer as its response schema says', () => {
  it('returns the parsed output of the schema, with its transforms and defaults, without unknown keys', async () => {
    fetchMock.mockResolvedValue(json({ data: { total: 3, label: 'open', extra: 1 }, meta: {} }));
    const answer = await apiRequest('GET', '/counts', countsSchema);
    expect(answer).toEqual({ data: { total: 3, label: 'OPEN' }, meta: { cached: false } });
  });

  it('parses with a shared response schema, and with one loaded when the call is made', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(SESSION)));
    await expect(apiRequest('POST', '/users/login/mfa', sessionResponseSchema)).resolves.toEqual(SESSION);
    const load = vi.fn(() => import('@rtms/shared/schemas/auth').then((schemas) => schemas.sessionResponseSchema));
    await expect(apiRequest('POST', '/users/login/mfa', load, { token: null })).resolves.toEqual(SESSION);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns an answer of another shape into UNEXPECTED_RESPONSE, reported with what differs', async () => {
    fetchMock.mockResolvedValue(json({ data: { total: '3', label: 'open' }, meta: {} }));
    const error = await failureOf(apiRequest('GET', '/counts?page=2', countsSchema));
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.details).toEqual({ problems: [expect.stringContaining('data.total')] });
    expect(reportError).toHaveBeenCalledWith(error, expect.objectContaining({ request: 'GET /counts', status: 200 }));
  });

  it('turns a body that is not JSON, or none, into UNEXPECTED_RESPONSE', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 200 }));
    expect((await failureOf(apiRequest('GET', '/counts', countsSchema))).code).toBe('UNEXPECTED_RESPONSE');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await failureOf(apiRequest('GET', '/counts', countsSchema))).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('resolves a declared 204 to undefined, and a body where none was declared is unexpected', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/documents/d1', noContent)).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(json({ data: { deleted: true } }));
    expect((await failureOf(apiRequest('DELETE', '/documents/d1', noContent))).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('leaves error answers as they were: the server’s code, message and details, and 401 ends the session', async () => {
    const ended = vi.fn();
    setUnauthorizedListener(ended);
    const details = [{ path: 'name', message: 'Please enter a name' }];
    fetchMock.mockResolvedValueOnce(json({ code: 'VALIDATION_FAILED', message: 'Check the fields', details }, 400));
    const invalid = await failureOf(apiRequest('POST', '/facilities', countsSchema, { body: {} }));
    expect([invalid.status, invalid.code, invalid.message, invalid.fieldErrors]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Check the fields',
      details,
    ]);
    fetchMock.mockResolvedValueOnce(json({ code: 'UNAUTHENTICATED', message: 'Sign in again' }, 401));
    expect((await failureOf(apiRequest('GET', '/counts', countsSchema))).code).toBe('UNAUTHENTICATED');
    expect(ended).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    const gateway = await failureOf(apiRequest('GET', '/counts', countsSchema));
    expect([gateway.code, gateway.message]).toEqual(['INTERNAL', 'The server answered 502']);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failureOf(apiRequest('GET', '/counts', countsSchema))).code).toBe('NETWORK');
    expect(reportError).not.toHaveBeenCalled();
  });
});

/** Just enough of XMLHttpRequest for one upload that answers `status` with `body`. */
function fakeXhr(status: number, body: string) {
  return class {
    status = 0;
    response = '';
    responseType = '';
    upload = { addEventListener: () => undefined };
    private listeners = new Map<string, () => void>();
    open() {}
    setRequestHeader() {}
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    send() {
      this.status = status;
      this.response = body;
      queueMicrotask(() => this.listeners.get('load')?.());
    }
  };
}

describe('apiUpload: the answer as its response schema says', () => {
  it('returns the parsed output, or UNEXPECTED_RESPONSE for another shape', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, JSON.stringify({ data: { total: 1, label: 'x' }, meta: {} })));
    await expect(apiUpload('/documents', new FormData(), countsSchema)).resolves.toEqual({
      data: { total: 1, label: 'X' },
      meta: { cached: false },
    });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, JSON.stringify({ data: {} })));
    expect((await failureOf(apiUpload('/documents', new FormData(), countsSchema))).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('leaves error answers as they were', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(413, JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'Too big' })));
    const error = await failureOf(apiUpload('/documents', new FormData(), countsSchema));
    expect([error.status, error.code, error.message]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'Too big']);
  });
});

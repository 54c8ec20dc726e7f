import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedListener } from './api-client';
import { apiDownload, fileNameFromContentDisposition } from './api-download';

describe('fileNameFromContentDisposition', () => {
  it.each([
    // What the server sends (RFC 6266: ASCII fallback plus the exact UTF-8 name).
    [
      `attachment; filename="Inspeccio_n report.pdf"; filename*=UTF-8''Inspecci%C3%B3n%20report.pdf`,
      'Inspección report.pdf',
    ],
    [
      `attachment; filename="evidence-pack_PW_2025-01-01_2025-12-31.zip"; filename*=UTF-8''evidence-pack_PW_2025-01-01_2025-12-31.zip`,
      'evidence-pack_PW_2025-01-01_2025-12-31.zip',
    ],
    [`inline; filename*=UTF-8''%E9%A3%8E%E7%94%B5%E5%9C%BA.png`, '风电场.png'],
    // filename* wins wherever it stands; names are case-insensitive.
    [`attachment; FILENAME*=utf-8''r%C3%A9sum%C3%A9.docx; filename="resume.docx"`, 'résumé.docx'],
    // Only the plain form.
    ['attachment; filename="plan \\"B\\".pdf"', 'plan _B_.pdf'],
    ['attachment; filename=report.csv', 'report.csv'],
    // An unreadable extended value falls back to the plain one.
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''%E0%A4%A`, 'fallback.pdf'],
    [`attachment; filename="latin.txt"; filename*=iso-8859-1''caf%E9.txt`, 'café.txt'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('never returns a folder or hidden characters', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe`)).toBe(
      'invoicefdp.exe',
    );
  });

  it('is undefined without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeUndefined();
  });
});

describe('apiDownload', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'secret-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
    setUnauthorizedListener(() => undefined);
  });

  it('sends the token in a header (never in the URL) and returns the bytes with the server’s name', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="plan.pdf"; filename*=UTF-8''plan%20%C3%A9.pdf`,
          'content-length': '4',
        },
      }),
    );
    const progress: number[] = [];
    const file = await apiDownload('/documents/d1/download', { onProgress: (received) => progress.push(received) });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/documents/d1/download');
    expect(String(url)).not.toContain('secret-token');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
    expect(file.fileName).toBe('plan é.pdf');
    expect(file.mediaType).toBe('application/pdf');
    expect(file.blob.size).toBe(4);
    expect(progress.at(-1)).toBe(4);
  });

  it('turns an error body into an ApiError and ends the session on 401', async () => {
    const ended = vi.fn();
    setUnauthorizedListener(ended);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Document not found', code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(apiDownload('/documents/x/download')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Document not found',
    });
    expect(ended).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Sign in again', code: 'UNAUTHENTICATED' }), { status: 401 }),
    );
    const error = await apiDownload('/documents/x/download').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('reports an unreachable server as a NETWORK error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiDownload('/evidence-packs?from=2025-01-01')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

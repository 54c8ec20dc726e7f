import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ok } from '../test/api-calls';
import { allTasks, createRequirement } from '../test/compliance-fixtures';
import { multipartBody } from '../test/multipart';
import { samplePdf } from '../test/sample-files';
import { signedInSuite } from '../test/signed-in-suite';
import { bearer } from '../test/test-app';
import { testClock } from '../test/test-clock';
import { setUpDirectory, upload } from './documents/documents-test-support';
import { csvFile, sampleRow } from './requirement-import/import-test-support';

/**
 * Every CSV the server writes goes through the one guarded writer (@rtms/shared/csv): a cell that a
 * spreadsheet would run as a formula — starting with = + - @, a tab or a carriage return — comes back
 * with a leading `'`, whatever endpoint wrote it. (The web app's table exports use the same writer:
 * packages/shared/src/csv.test.ts.)
 */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x","click")',
  '+1+1',
  '-2+3',
  '@SUM(1)',
  '\t=1+2',
  '\r=3+4',
] as const;

/** Every cell of a CSV document, parsed back with its separator. */
function cellsOf(body: Buffer, delimiter: string): string[] {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  return (parseCsv(text, { delimiter, relax_column_count: true }) as string[][]).flat();
}

function expectNeutralised(cells: string[]): void {
  expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  for (const hostile of HOSTILE) expect(cells, JSON.stringify(hostile)).toContain(`'${hostile}`);
}

async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer);
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}

describe('hostile cells through every CSV the server writes', () => {
  const suite = signedInSuite({}, { now: testClock('2026-03-10T12:00:00Z') });

  it.each([',', ';', '\t'] as const)(
    'the import error report (separator %j) neutralises formula cells the user uploaded',
    async (delimiter) => {
      const rows = HOSTILE.map((text) => sampleRow({ Title: text, Citation: text, Frequency: 'SOMETIMES' }));
      const { payload, headers } = multipartBody(
        {},
        { fileName: 'hostile.csv', content: csvFile(rows, { delimiter }) },
      );
      const response = await suite.t.app.inject({
        method: 'POST',
        url: '/api/requirements/import/error-report',
        payload,
        headers: { ...headers, ...bearer(suite.admin) },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expectNeutralised(cellsOf(response.rawPayload, delimiter));
    },
  );

  it('the evidence pack index neutralises formula text in titles, citations, notes and file names', async () => {
    const dir = await setUpDirectory(suite.t, suite.admin);
    // Text fields are trimmed on the way in: a leading tab or carriage return may arrive without it.
    const [title, citation, fileName, fileTitle, note, noteToo] = HOSTILE;
    const requirement = await createRequirement(suite.t, suite.admin, {
      title,
      citation,
      programAreaId: dir.programArea,
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-31',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: dir.facilityA }],
    });
    const [task] = await allTasks(suite.t, suite.admin, { requirementId: requirement.data._id });
    const uploaded = await upload(
      suite.t,
      suite.admin,
      { kind: 'TASK', taskId: task!._id, evidenceDate: '2026-01-30', title: fileTitle },
      { fileName: `${fileName}.pdf`, content: samplePdf('hostile') },
    );
    expect(uploaded.status, uploaded.response.body).toBe(201);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${task!._id}/complete`, {
      completedOn: '2026-02-01',
      completionNote: `${note}\n${noteToo}`,
    });
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/evidence-packs?facilityId=${dir.facilityA}&from=2026-01-01&to=2026-01-31`,
      headers: bearer(suite.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cells = cellsOf((await readZip(response.rawPayload)).get('index.csv')!, ',');
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    for (const hostile of [title, citation, fileTitle, note.trim()]) {
      expect(
        cells.some((cell) => cell.startsWith(`'${hostile}`)),
        JSON.stringify(hostile),
      ).toBe(true);
    }
    expect(cells.some((cell) => cell.startsWith(`'${fileName}`))).toBe(true);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { samplePdf } from '../../test/sample-files';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';
import { setUpDirectory, upload, type Directory } from '../documents/documents-test-support';

// The evidence pack's PDF index read back as a person would copy it: pdftotext (Debian poppler-utils).
let t: TestApp;
let dir: Directory;
const arabicTitle = 'تقرير الفحص الشهري لطفايات الحريق';
const mixedFile = 'Prüfbericht-消火器-تقرير.pdf';
const chineseTitle = '消防设备月度检查';

async function indexPdfText(token: string, query: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/evidence-packs?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const zip = await yauzl.fromBufferPromise(response.rawPayload);
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== 'index.pdf') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pack-')), 'index.pdf');
    fs.writeFileSync(file, Buffer.concat(chunks));
    // Bidi controls that pdftotext puts around right-to-left lines are invisible: not part of the text.
    return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(
      /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      '',
    );
  }
  throw new Error('no index.pdf');
}

beforeAll(async () => {
  t = await createTestApp({}, { now: testClock('2026-03-10T18:00:00Z') });
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
  for (const title of [arabicTitle, chineseTitle]) {
    await createRequirement(t, dir.admin, {
      title,
      programAreaId: dir.programArea,
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-31',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: dir.facilityA }],
    });
  }
  const tasks = await allTasks(t, dir.admin, { dueFrom: '2026-01-01', dueTo: '2026-01-31' });
  const arabicTask = tasks.find((task) => task.requirementTitle === arabicTitle);
  const created = await upload(
    t,
    dir.admin,
    { kind: 'TASK', taskId: arabicTask?._id as string, evidenceDate: '2026-01-30' },
    { fileName: mixedFile, content: samplePdf('Prüfbericht') },
  );
  expect(created.status, created.response.body).toBe(201);
});
afterAll(() => t.close());

describe('the evidence pack PDF index', () => {
  it('prints Arabic, Chinese and accented titles and file names as they are (pdftotext finds them exactly)', async () => {
    const text = await indexPdfText(dir.admin, `facilityId=${dir.facilityA}&from=2026-01-01&to=2026-01-31`);
    expect(text).toContain(mixedFile);
    expect(text).toContain(arabicTitle);
    expect(text).toContain(chineseTitle);
    expect(text).not.toContain('?');
    // Labels, never codes.
    expect(text).toContain('Open');
    expect(text).not.toMatch(/\bON_TIME\b|\bOVERDUE\b|\bCOMPLETED\b/);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Task } from '@rtms/shared/schemas/tasks';
import { taskNumberOf } from '@rtms/shared/task-number';
import { ok } from '../../test/api-calls';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { samplePdf, samplePng } from '../../test/sample-files';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';
import { call, expectFileHeaders, setUpDirectory, upload, type Directory } from '../documents/documents-test-support';
import { storedRow } from '../../test/stored-rows';

let t: TestApp;
let dir: Directory;
let r1: string;
let r2: string;
let tasks: Task[];
const clock = testClock('2026-03-10T18:00:00Z');
const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer);
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}

function csvRows(csv: Buffer): Record<string, string>[] {
  const text = csv.toString('utf8').replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  const [header, ...body] = rows;
  return body.map((values) => Object.fromEntries((header ?? []).map((name, i) => [name, values[i] ?? ''])));
}

async function pack(token: string | undefined, query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/evidence-packs?${query}`,
    headers: token ? bearer(token) : {},
  });
  return response;
}

const taskOf = (requirementId: string, facilityId: string, dueDate: string) =>
  tasks.find(
    (task) => task.requirementId === requirementId && task.facilityId === facilityId && task.dueDate === dueDate,
  ) as Task;

const files = {
  janPdf: samplePdf('January inspection'),
  janPng: samplePng(),
  febPdf: samplePdf('February'),
  janB: samplePdf('Mesa'),
  r2: samplePdf('R2'),
};

beforeAll(async () => {
  t = await createTestApp({}, { now: clock });
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
  const other = await ok<{ _id: string }>(t, dir.admin, 'POST', '/api/program-areas', { name: 'Air Quality' });
  r1 = (
    await createRequirement(t, dir.admin, {
      title: 'Monthly stormwater inspection',
      citation: '40 CFR 122.26',
      programAreaId: dir.programArea,
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-31',
      evidenceRequired: true,
      minEvidence: 1,
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: dir.facilityA }, { facilityId: dir.facilityB }],
    })
  ).data._id;
  r2 = (
    await createRequirement(t, dir.admin, {
      title: 'Opacity reading',
      programAreaId: other._id,
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-15',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId: dir.facilityA }],
    })
  ).data._id;
  tasks = await allTasks(t, dir.admin, { dueFrom: '2026-01-01', dueTo: '2026-12-31' });
  const evidence = async (task: Task, fileName: string, content: Buffer, evidenceDate: string) => {
    const created = await upload(t, dir.admin, { kind: 'TASK', taskId: task._id, evidenceDate }, { fileName, content });
    expect(created.status, created.response.body).toBe(201);
    return created.body.data._id as string;
  };
  const janA = taskOf(r1, dir.facilityA, '2026-01-31');
  await evidence(janA, 'inspection-jan.pdf', files.janPdf, '2026-01-30');
  await evidence(janA, 'outfall.png', files.janPng, '2026-01-30');
  const archived = await evidence(janA, 'wrong.pdf', samplePdf('wrong'), '2026-01-30');
  await call(t, dir.admin, 'POST', `/api/documents/${archived}/archive`, { reason: 'Wrong file' });
  await ok(t, dir.tokens.FACILITY_USER, 'POST', `/api/tasks/${janA._id}/complete`, { completedOn: '2026-02-03' });
  const febA = taskOf(r1, dir.facilityA, '2026-02-28');
  await evidence(febA, 'inspection-feb.pdf', files.febPdf, '2026-02-27');
  await ok(t, dir.admin, 'POST', `/api/tasks/${febA._id}/complete`, { completedOn: '2026-02-27' });
  await evidence(taskOf(r1, dir.facilityB, '2026-01-31'), 'mesa.pdf', files.janB, '2026-01-29');
  await evidence(taskOf(r2, dir.facilityA, '2026-01-15'), 'opacity.pdf', files.r2, '2026-01-15');
});
afterAll(() => t.close());

describe('evidence packs', () => {
  it('zips every active evidence file of a facility with an index as CSV and PDF', async () => {
    const response = await pack(dir.admin, `facilityId=${dir.facilityA}&from=2026-01-01&to=2026-03-31`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="evidence-pack_SWW_2026-01-01_2026-03-31.zip"/,
    );
    expectFileHeaders(response);
    const zip = await readZip(response.rawPayload);
    const names = [...zip.keys()];
    expect(names.slice(-4)).toEqual(['index.csv', 'findings.csv', 'SHA256SUMS.txt', 'index.pdf']);
    const evidence = names.filter((name) => name.startsWith('evidence/'));
    // Folders carry the task's number as the app shows it (taskNumberOf(sequence) from the API).
    const folder = (requirement: string, facility: string, dueDate: string, title: string) => {
      const task = taskOf(requirement, facility, dueDate);
      return `evidence/SWW/${title}/${dueDate} ${title} No. ${taskNumberOf(task.sequence)}`;
    };
    expect(evidence).toEqual([
      `${folder(r1, dir.facilityA, '2026-01-31', 'Monthly stormwater inspection')}/01-inspection-jan.pdf`,
      `${folder(r1, dir.facilityA, '2026-01-31', 'Monthly stormwater inspection')}/02-outfall.png`,
      `${folder(r1, dir.facilityA, '2026-02-28', 'Monthly stormwater inspection')}/01-inspection-feb.pdf`,
      `${folder(r2, dir.facilityA, '2026-01-15', 'Opacity reading')}/01-opacity.pdf`,
    ]);
    expect(zip.get(evidence[0] as string)?.equals(files.janPdf)).toBe(true);
    expect(zip.get(evidence[1] as string)?.equals(files.janPng)).toBe(true);

    // SHA256SUMS.txt: one line per file, `sha256sum -c` format, matching the bytes in the pack.
    const sums = (zip.get('SHA256SUMS.txt') as Buffer).toString().trim().split('\n');
    expect(sums).toHaveLength(4);
    for (const line of sums) {
      const [hash, file] = line.split('  ') as [string, string];
      expect(sha(zip.get(file) as Buffer)).toBe(hash);
    }

    const rows = csvRows(zip.get('index.csv') as Buffer);
    const stormwater = rows.filter((row) => row.Requirement === 'Monthly stormwater inspection');
    // Jan (2 files), Feb (1 file), Mar (open, no evidence: one row); labels, never codes.
    expect(stormwater.map((row) => [row['Due date'], row['Evidence file'], row.Timeliness])).toEqual([
      ['2026-01-31', 'inspection-jan.pdf', expect.stringMatching(/^(Late|On time)$/)],
      ['2026-01-31', 'outfall.png', expect.stringMatching(/^(Late|On time)$/)],
      ['2026-02-28', 'inspection-feb.pdf', 'On time'],
      ['2026-03-31', '', 'Open'],
    ]);
    const jan = stormwater[0] as Record<string, string>;
    expect(jan).toMatchObject({
      Facility: 'Sweetwater Wind',
      'Facility code': 'SWW',
      Citation: '40 CFR 122.26',
      Status: 'Completed',
      'Completed on': '2026-02-03',
      'Completed by': 'Pat facility_user',
      'Evidence required': 'yes (at least 1)',
      'Evidence count': '2',
      'Evidence date': '2026-01-30',
      'SHA-256': sha(files.janPdf),
      'File check': 'OK',
    });
    expect(rows.some((row) => row['Evidence file'] === 'wrong.pdf' || row['Evidence file'] === 'mesa.pdf')).toBe(false);

    const pdf = zip.get('index.pdf') as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('includes findings.csv of its scope and period, one line per corrective action', async () => {
    // The January task was completed late: its finding opened by itself. An action is added to it.
    const late = await ok<{ _id: string; source: string }[]>(
      t,
      dir.admin,
      'GET',
      `/api/findings?facilityId=${dir.facilityA}&source=LATE_COMPLETION`,
    );
    expect(late).toHaveLength(1);
    for (const title of ['Add a reminder to the crew calendar', 'Check the February route']) {
      await ok(t, dir.admin, 'POST', `/api/findings/${late[0]!._id}/actions`, {
        title,
        type: 'PREVENTIVE',
        ownerId: (await ok<{ _id: string }>(t, dir.admin, 'POST', '/api/users/auth/me'))._id,
        dueDate: '2026-03-20',
      });
    }
    const zip = await readZip(
      (await pack(dir.admin, `facilityId=${dir.facilityA}&from=2026-01-01&to=2026-03-31`)).rawPayload,
    );
    const rows = csvRows(zip.get('findings.csv') as Buffer);
    expect(rows.map((row) => [row['Facility code'], row.Source, row.Action, row['Action status']])).toEqual([
      ['SWW', 'LATE_COMPLETION', 'Add a reminder to the crew calendar', 'OPEN'],
      ['SWW', 'LATE_COMPLETION', 'Check the February route', 'OPEN'],
    ]);
    // Another facility's pack, or a period before the finding, has none.
    const other = await readZip(
      (await pack(dir.admin, `facilityId=${dir.facilityB}&from=2026-01-01&to=2026-03-31`)).rawPayload,
    );
    expect(csvRows(other.get('findings.csv') as Buffer)).toEqual([]);
    const before = await readZip(
      (await pack(dir.admin, `facilityId=${dir.facilityA}&from=2026-01-01&to=2026-01-31`)).rawPayload,
    );
    expect(csvRows(before.get('findings.csv') as Buffer)).toEqual([]);
  });

  it('numbers every task in index.csv and the PDF as the app does (the API sequence counted from one)', async () => {
    const zip = await readZip((await pack(dir.admin, `requirementId=${r1}&from=2026-01-01&to=2026-03-31`)).rawPayload);
    const rows = csvRows(zip.get('index.csv') as Buffer);
    expect(rows.length).toBeGreaterThan(3);
    const facilityIdByCode = new Map([
      ['SWW', dir.facilityA],
      ['MSS', dir.facilityB],
    ]);
    const requirementIdByTitle = new Map([
      ['Monthly stormwater inspection', r1],
      ['Opacity reading', r2],
    ]);
    for (const row of rows) {
      const task = taskOf(
        requirementIdByTitle.get(row.Requirement as string) as string,
        facilityIdByCode.get(row['Facility code'] as string) as string,
        row['Due date'] as string,
      );
      expect(row['Task number'], `${row.Requirement} ${row['Due date']}`).toBe(String(taskNumberOf(task.sequence)));
      if (row['Path in pack']) expect(row['Path in pack']).toContain(` No. ${taskNumberOf(task.sequence)}/`);
    }
    // A later task of a series has a higher number than the first: the numbering is not a constant.
    expect(new Set(rows.map((row) => row['Task number'])).size).toBeGreaterThan(1);
  });

  it('selects by requirement or program area, within the caller’s facilities', async () => {
    const byRequirement = await readZip(
      (await pack(dir.admin, `requirementId=${r1}&from=2026-01-01&to=2026-01-31`)).rawPayload,
    );
    expect(
      [...byRequirement.keys()].filter((name) => name.startsWith('evidence/')).map((name) => name.split('/')[1]),
    ).toEqual(['MSS', 'SWW', 'SWW']);
    const byArea = await readZip(
      (await pack(dir.admin, `programAreaId=${dir.programArea}&from=2026-01-01&to=2026-01-31`)).rawPayload,
    );
    expect(
      csvRows(byArea.get('index.csv') as Buffer).every((row) => row.Requirement === 'Monthly stormwater inspection'),
    ).toBe(true);

    const mine = await pack(dir.tokens.FACILITY_USER, `requirementId=${r1}&from=2026-01-01&to=2026-01-31`);
    expect(mine.statusCode).toBe(200);
    const rows = csvRows((await readZip(mine.rawPayload)).get('index.csv') as Buffer);
    expect(new Set(rows.map((row) => row['Facility code']))).toEqual(new Set(['SWW']));
    expect(
      (await pack(dir.tokens.FACILITY_USER, `facilityId=${dir.facilityB}&from=2026-01-01&to=2026-01-31`)).statusCode,
    ).toBe(404);

    const post = await t.app.inject({
      method: 'POST',
      url: '/api/evidence-packs',
      headers: bearer(dir.tokens.FACILITY_ADMIN),
      payload: { facilityId: dir.facilityA, from: '2026-02-01', to: '2026-02-28' },
    });
    expect(post.statusCode).toBe(200);
    expect([...(await readZip(post.rawPayload)).keys()].filter((name) => name.startsWith('evidence/'))).toHaveLength(1);
  });

  it('answers 404 to a facility role for a requirement bound only to other facilities, as the requirement itself does', async () => {
    const elsewhere = (
      await createRequirement(t, dir.admin, {
        title: 'Mesa-only groundwater sampling',
        frequency: 'MONTHLY',
        firstDueDate: '2026-01-20',
        backfillFrom: '2026-01-01',
        facilities: [{ facilityId: dir.facilityB }],
      })
    ).data._id;
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const token = dir.tokens[role];
      const read = await t.app.inject({ method: 'GET', url: `/api/requirements/${elsewhere}`, headers: bearer(token) });
      expect(read.statusCode, role).toBe(404);
      const response = await pack(token, `requirementId=${elsewhere}&from=2026-01-01&to=2026-12-31`);
      expect(response.statusCode, role).toBe(404);
      expect(response.json(), role).toEqual({ code: 'NOT_FOUND', message: 'Requirement not found' });
      expect(response.body, role).not.toContain('groundwater');
    }
    const full = await pack(dir.admin, `requirementId=${elsewhere}&from=2026-01-01&to=2026-01-31`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-disposition']).toContain('groundwater');
  });

  it('refuses a bad selection with 400 and an unknown one with 404, never a 500', async () => {
    for (const query of [
      'from=2026-01-01&to=2026-01-31',
      `facilityId=${dir.facilityA}&from=2026-02-01&to=2026-01-01`,
      `facilityId=${dir.facilityA}&from=2026-13-01&to=2026-12-31`,
      `facilityId=${dir.facilityA}`,
    ]) {
      const response = await pack(dir.admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const query of ['facilityId=nope', 'requirementId=nope', 'programAreaId=nope']) {
      expect((await pack(dir.admin, `${query}&from=2026-01-01&to=2026-01-31`)).statusCode, query).toBe(404);
    }
    expect((await pack(undefined, `facilityId=${dir.facilityA}&from=2026-01-01&to=2026-01-31`)).statusCode).toBe(401);
    const empty = await pack(dir.admin, `facilityId=${dir.facilityA}&from=2030-01-01&to=2030-01-31`);
    expect(empty.statusCode).toBe(200);
    expect(csvRows((await readZip(empty.rawPayload)).get('index.csv') as Buffer)).toEqual([]);
  });

  it('tells in the index whether each stored file still matches its SHA-256, and survives a missing file', async () => {
    const id = (
      await call(t, dir.admin, 'GET', `/api/documents?kind=TASK&taskId=${taskOf(r2, dir.facilityA, '2026-01-15')._id}`)
    ).body.data[0]._id;
    const stored = await storedRow(t, 'documents', { id });
    const file = path.join(t.config.storage.localRoot, stored.storageKey);
    const original = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([original, Buffer.from('tampered')]));
    try {
      const zip = await readZip(
        (await pack(dir.admin, `requirementId=${r2}&from=2026-01-01&to=2026-01-31`)).rawPayload,
      );
      expect(csvRows(zip.get('index.csv') as Buffer)[0]?.['File check']).toBe('Changed since upload');
      fs.rmSync(file);
      const missing = await pack(dir.admin, `requirementId=${r2}&from=2026-01-01&to=2026-01-31`);
      expect(missing.statusCode).toBe(200);
      expect(csvRows((await readZip(missing.rawPayload)).get('index.csv') as Buffer)[0]?.['File check']).toBe(
        'Missing from storage',
      );
    } finally {
      fs.writeFileSync(file, original);
    }
  });
});

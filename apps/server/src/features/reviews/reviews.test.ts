import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Signature } from '@rtms/shared/schemas/reviews';
import type { Task } from '@rtms/shared/schemas/tasks';
import type { TaskSummary } from '@rtms/shared/schemas/task-summary';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement, DESERT_SUN, PRAIRIE_WIND } from '../../test/compliance-fixtures';
import { oathtoolCode } from '../../test/oathtool';
import { samplePdf } from '../../test/sample-files';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';
import { TEST_PASSWORD } from '../../test/test-app';
import { sha, upload } from '../documents/documents-test-support';

const NOW = '2026-03-10T12:00:00Z';

type User = { id: string; email: string; token: string };

describe('review and signature of completions', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, { plantA: PRAIRIE_WIND, plantB: DESERT_SUN });
  let tasks: Task[];
  const users = {} as Record<'worker' | 'siteAdmin' | 'otherSiteAdmin' | 'allUser', User>;

  const task = (index: number) => tasks[index]!;
  const get = (token: string, id: string) => ok<Task>(suite.t, token, 'GET', `/api/tasks/${id}`);
  const review = (token: string, id: string, body: object) =>
    call<{ data: Signature; message: string; details: { path: string }[] }>(
      suite.t,
      token,
      'POST',
      `/api/tasks/${id}/review`,
      body,
    );
  const attach = async (token: string, taskId: string, text: string) => {
    const content = samplePdf(text);
    const uploaded = await upload(
      suite.t,
      token,
      { title: `Inspection sheet ${text}`, kind: 'TASK', taskId },
      { fileName: 'sheet.pdf', content },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    return { id: uploaded.body.data._id as string, sha256: sha(content) };
  };
  const complete = async (token: string, id: string) => {
    const done = await call<{ data: Task }>(suite.t, token, 'POST', `/api/tasks/${id}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data;
  };
  const summary = (token = suite.admin) =>
    ok<TaskSummary>(suite.t, token, 'GET', `/api/tasks/summary?facilityId=${sites.plantA}`);
  const total = async (query: string) =>
    (await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', `/api/tasks?${query}`)).body.meta.total;
  const notificationSteps = async (token: string) =>
    (
      await ok<{ step: string; category: string; taskId: string }[]>(
        suite.t,
        token,
        'GET',
        '/api/notifications?pageSize=100',
      )
    )
      .filter((n) => n.category === 'REVIEW')
      .map((n) => `${n.step.split(':')[0]} ${n.taskId}`);

  beforeAll(async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-03-15',
      reviewRequired: true,
      facilities: [{ facilityId: sites.plantA }],
    });
    expect(data.reviewRequired).toBe(true);
    tasks = (await allTasks(suite.t, suite.admin, { requirementId: data._id })).sort((a, b) =>
      a.dueDate < b.dueDate ? -1 : 1,
    );
    const make = async (name: keyof typeof users, role: Parameters<typeof suite.t.createUser>[0], site?: string) => {
      const user = await suite.t.createUser(role);
      if (site) await assignFacility(suite.t, suite.admin, user.id, site);
      users[name] = { ...user, token: await suite.t.signIn(user.email) };
    };
    await make('worker', 'FACILITY_USER', sites.plantA);
    await make('siteAdmin', 'FACILITY_ADMIN', sites.plantA);
    await make('otherSiteAdmin', 'FACILITY_ADMIN', sites.plantB);
    await make('allUser', 'ALL_FACILITY_USER');
  });

  it('a completion of a requirement that asks for review awaits review: recorded, not counted as done', async () => {
    const before = await summary();
    const evidence = await attach(users.worker.token, task(0)._id, 'January');
    const done = await complete(users.worker.token, task(0)._id);
    expect(done).toMatchObject({ status: 'COMPLETED', state: 'PENDING_REVIEW', timeliness: 'ON_TIME' });
    expect(done.completedOn).toBe('2026-03-10');
    expect(evidence.sha256).toMatch(/^[0-9a-f]{64}$/);

    const after = await summary();
    expect(after.awaitingReview).toBe(before.awaitingReview + 1);
    expect(after.completedThisMonth).toBe(before.completedThisMonth);
    expect(after.timeliness.onTime).toBe(before.timeliness.onTime);
    expect(await total(`facilityId=${sites.plantA}&state=PENDING_REVIEW`)).toBe(after.awaitingReview);
    expect(await total(`facilityId=${sites.plantA}&state=COMPLETED`)).toBe(after.completedThisMonth);
    const days = await ok<{ date: string; byState: Record<string, number> }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/calendar/days?from=2026-03-01&to=2026-03-31&facilityId=${sites.plantA}`,
    );
    expect(days.find((day) => day.date === task(0).dueDate)?.byState.PENDING_REVIEW).toBe(1);

    // The reviewers of the facility are told; the completer is not.
    expect(await notificationSteps(users.siteAdmin.token)).toContain(`REVIEW-REQUESTED ${task(0)._id}`);
    expect(await notificationSteps(users.allUser.token)).toContain(`REVIEW-REQUESTED ${task(0)._id}`);
    expect(await notificationSteps(users.otherSiteAdmin.token)).toEqual([]);
    expect(await notificationSteps(users.worker.token)).toEqual([]);
  });

  it('refuses the completer (403), a role that may not review (403) and a reviewer of another facility (404)', async () => {
    await complete(users.siteAdmin.token, task(1)._id);
    const own = await review(users.siteAdmin.token, task(1)._id, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: TEST_PASSWORD,
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another person/);
    const body = { decision: 'APPROVE', meaning: 'REVIEWED', password: TEST_PASSWORD };
    expect((await review(users.worker.token, task(0)._id, body)).status).toBe(403);
    expect((await review(users.otherSiteAdmin.token, task(0)._id, body)).status).toBe(404);
    // Nothing to review on an open task.
    expect((await review(users.siteAdmin.token, task(2)._id, body)).status).toBe(409);
    expect((await get(users.siteAdmin.token, task(1)._id)).state).toBe('PENDING_REVIEW');
  });

  it('approving asks for a meaning and the password; it binds the SHA-256 of every evidence version', async () => {
    const noMeaning = await review(users.siteAdmin.token, task(0)._id, {
      decision: 'APPROVE',
      password: TEST_PASSWORD,
    });
    expect(noMeaning.status).toBe(400);
    expect(noMeaning.body.details.map((d) => d.path)).toContain('meaning');
    const noPassword = await review(users.siteAdmin.token, task(0)._id, { decision: 'APPROVE', meaning: 'APPROVED' });
    expect(noPassword.status).toBe(400);
    const wrong = await review(users.siteAdmin.token, task(0)._id, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.map((d) => d.path)).toEqual(['password']);
    expect((await get(users.siteAdmin.token, task(0)._id)).state).toBe('PENDING_REVIEW');

    const before = await summary();
    const signed = await review(users.siteAdmin.token, task(0)._id, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: TEST_PASSWORD,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({
      taskId: task(0)._id,
      signerId: users.siteAdmin.id,
      decision: 'APPROVE',
      meaning: 'APPROVED',
      method: 'PASSWORD',
      current: true,
    });
    expect(signed.body.data.signedAt).toMatch(/Z$/);
    expect(signed.body.data.evidence).toEqual([
      expect.objectContaining({ version: 1, fileName: 'sheet.pdf', sha256: sha(samplePdf('January')) }),
    ]);
    expect((await get(users.worker.token, task(0)._id)).state).toBe('COMPLETED');
    const after = await summary();
    expect(after.awaitingReview).toBe(before.awaitingReview - 1);
    expect(after.completedThisMonth).toBe(before.completedThisMonth + 1);
    expect(after.timeliness.onTime).toBe(before.timeliness.onTime + 1);

    const listed = await ok<Signature[]>(suite.t, users.worker.token, 'GET', `/api/tasks/${task(0)._id}/signatures`);
    expect(listed).toEqual([signed.body.data]);
    expect(
      (await call(suite.t, users.otherSiteAdmin.token, 'GET', `/api/tasks/${task(0)._id}/signatures`)).status,
    ).toBe(404);
    // In the audit chain, with the hashes it covered.
    const events = await ok<{ action: string; changes: Record<string, { after: unknown }> }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/audit?entityId=${task(0)._id}&pageSize=50`,
    );
    const sign = events.find((event) => event.action === 'SIGN');
    expect(JSON.stringify(sign?.changes.evidence?.after)).toContain(sha(samplePdf('January')));
    expect((await ok<{ intact: boolean }>(suite.t, suite.admin, 'GET', '/api/audit/verify')).intact).toBe(true);
  });

  it('a new evidence version after approval puts the task back to awaiting review', async () => {
    const [document] = await ok<{ _id: string }[]>(suite.t, suite.admin, 'GET', `/api/documents?taskId=${task(0)._id}`);
    const content = samplePdf('January, corrected');
    const version = await upload(
      suite.t,
      users.worker.token,
      {},
      { fileName: 'sheet-v2.pdf', content },
      `/api/documents/${document!._id}/versions`,
    );
    expect(version.status, JSON.stringify(version.body)).toBeLessThan(300);
    expect((await get(users.worker.token, task(0)._id)).state).toBe('PENDING_REVIEW');
    const [old] = await ok<Signature[]>(suite.t, users.worker.token, 'GET', `/api/tasks/${task(0)._id}/signatures`);
    expect(old!.current).toBe(false);
    expect(await notificationSteps(users.siteAdmin.token)).toContain(`REVIEW-REQUESTED ${task(0)._id}`);

    const again = await review(users.allUser.token, task(0)._id, {
      decision: 'APPROVE',
      meaning: 'REVIEWED',
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(201);
    expect(again.body.data.evidence.map((e) => [e.version, e.sha256])).toEqual([
      [1, sha(samplePdf('January'))],
      [2, sha(content)],
    ]);
  });

  it('the evidence pack index lists each signature with the hashes it covered (CSV and PDF)', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/evidence-packs?facilityId=${sites.plantA}&from=2026-03-01&to=2026-03-31`,
      headers: { authorization: `Bearer ${suite.admin}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await yauzl.fromBufferPromise(response.rawPayload);
    const files = new Map<string, Buffer>();
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      files.set(entry.fileName, Buffer.concat(chunks));
    }
    const csv = files.get('index.csv')!.toString('utf8');
    expect(csv).toContain('Signatures');
    expect(csv).toMatch(
      /Approved \(meaning: Approved\) by [^,]+ at 2026-03-10T12:00:00\.000Z, re-authenticated by password/,
    );
    expect(csv).toContain(`sheet.pdf v1 SHA-256 ${sha(samplePdf('January'))}`);
    const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-pack-')), 'index.pdf');
    fs.writeFileSync(pdf, files.get('index.pdf')!);
    const text = execFileSync('/usr/bin/pdftotext', [pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Signature: Approved (meaning: Approved)');
    expect(text).toContain(sha(samplePdf('January')));
  });

  it('rejecting needs a reason, reopens the task and tells the completer', async () => {
    const noReason = await review(users.allUser.token, task(1)._id, { decision: 'REJECT' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.map((d) => d.path)).toEqual(['reason']);
    const rejected = await review(users.allUser.token, task(1)._id, {
      decision: 'REJECT',
      reason: 'Photo of the sump is missing',
    });
    expect(rejected.status).toBe(201);
    expect(rejected.body.data).toMatchObject({
      decision: 'REJECT',
      reason: 'Photo of the sump is missing',
      method: 'NONE',
    });
    const reopened = await get(users.siteAdmin.token, task(1)._id);
    expect(reopened).toMatchObject({ status: 'INCOMPLETE', completedOn: null, timeliness: null });
    expect(['UPCOMING', 'OPEN', 'DUE_SOON', 'OVERDUE']).toContain(reopened.state);
    expect(await notificationSteps(users.siteAdmin.token)).toContain(`REVIEW-REJECTED ${task(1)._id}`);
  });

  it('a reviewer with a second factor signs with a TOTP code from an authenticator app, used once', async () => {
    const start = await ok<{ secret: string }>(suite.t, users.allUser.token, 'POST', '/api/users/me/mfa/totp');
    await ok(suite.t, users.allUser.token, 'POST', '/api/users/me/mfa/totp/confirm', {
      code: oathtoolCode(start.secret),
    });
    await complete(users.worker.token, task(2)._id);
    await complete(users.worker.token, task(3)._id);
    const withPassword = await review(users.allUser.token, task(2)._id, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: TEST_PASSWORD,
    });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.details.map((d) => d.path)).toEqual(['code']);
    // The next time step: the enrolment used the current one.
    const code = oathtoolCode(start.secret, 30);
    const signed = await review(users.allUser.token, task(2)._id, { decision: 'APPROVE', meaning: 'APPROVED', code });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data.method).toBe('TOTP');
    const replayed = await review(users.allUser.token, task(3)._id, { decision: 'APPROVE', meaning: 'APPROVED', code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.details.map((d) => d.path)).toEqual(['code']);
    expect((await get(users.allUser.token, task(3)._id)).state).toBe('PENDING_REVIEW');
  });

  it('wrong re-authentication is throttled like wrong sign-in attempts (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 8 && !statuses.includes(429); attempt += 1) {
      const response = await suite.t.app.inject({
        method: 'POST',
        url: `/api/tasks/${task(3)._id}/review`,
        headers: { authorization: `Bearer ${users.siteAdmin.token}` },
        payload: { decision: 'APPROVE', meaning: 'APPROVED', password: `wrong-${attempt}` },
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Locked: even the right password waits.
    const locked = await review(users.siteAdmin.token, task(3)._id, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: TEST_PASSWORD,
    });
    expect(locked.status).toBe(429);
  });
});

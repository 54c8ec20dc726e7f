/**
 * The writes of the mixed load, one kind per turn: every kind of write a busy compliance team makes at once —
 * a completion, a comment, a reopening, a bulk completion, a task edit (assignee), an evidence upload, a
 * facility holiday added then removed, a requirement edit and a hand-over. Each answers a Response whose status
 * the mixed load counts (5xx: 0 expected, decision 037).
 */
export interface MixedWriteTargets {
  /** Open tasks to complete, future-most first (none is overdue-sensitive). */
  completable: string[];
}

/** One kind of write: its name and how to make one. */
export interface Write {
  kind: string;
  write: () => Promise<Response>;
}

interface Ids {
  requirementId: string;
  facilityId: string;
  /** Two users other than the bench's admin, for the hand-over. */
  userIds: [string, string];
  adminId: string;
}

async function firstIds(base: string, headers: Record<string, string>): Promise<Ids> {
  const read = async <T>(path: string) =>
    ((await (await fetch(`${base}/api${path}`, { headers })).json()) as { data: T }).data;
  const [requirements, facilities, users, me] = await Promise.all([
    read<{ _id: string }[]>('/requirements?pageSize=1'),
    read<{ _id: string }[]>('/facilities?pageSize=1'),
    read<{ _id: string; role: string }[]>('/users?pageSize=20'),
    (async () =>
      (
        (await (await fetch(`${base}/api/users/auth/me`, { method: 'POST', headers })).json()) as {
          data: { _id: string };
        }
      ).data)(),
  ]);
  const others = users.filter((user) => user._id !== me._id);
  if (!requirements[0] || !facilities[0] || others.length < 2) throw new Error('the bench data has no targets');
  return {
    requirementId: requirements[0]._id,
    facilityId: facilities[0]._id,
    userIds: [others[0]!._id, others[1]!._id],
    adminId: me._id,
  };
}

/** A far future day of the current year + 2 for holidays (no task of the bench data moves much). */
const holidayDate = (turn: number) => `${new Date().getUTCFullYear() + 2}-0${1 + (turn % 9)}-1${turn % 10}`;

export async function mixedWrites(
  base: string,
  headers: Record<string, string>,
  targets: MixedWriteTargets,
): Promise<{ writes: Write[]; completed: string[] }> {
  const ids = await firstIds(base, headers);
  const send = (method: string, url: string, body?: unknown) =>
    fetch(`${base}/api${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let next = 0;
  let turn = 0;
  const completed: string[] = [];
  const nextTask = () => targets.completable[next++ % targets.completable.length]!;
  const writes: Write[] = [
    {
      kind: 'complete',
      write: async () => {
        const id = nextTask();
        const response = await send('POST', `/tasks/${id}/complete`, { completionNote: 'mixed load' });
        if (response.ok) completed.push(id);
        return response;
      },
    },
    { kind: 'comment', write: () => send('POST', `/tasks/${nextTask()}/comments`, { body: 'mixed load' }) },
    {
      kind: 'reopen',
      write: () => {
        const id = completed.shift();
        return id
          ? send('POST', `/tasks/${id}/reopen`, { reason: 'mixed load' })
          : send('POST', `/tasks/${nextTask()}/complete`, {});
      },
    },
    {
      kind: 'bulk complete',
      write: () => send('POST', '/tasks/bulk', { ids: [nextTask(), nextTask(), nextTask()], action: 'complete' }),
    },
    {
      kind: 'task edit',
      write: () => send('PATCH', `/tasks/${nextTask()}`, { assigneeId: turn++ % 2 ? ids.adminId : null }),
    },
    {
      kind: 'evidence upload',
      write: () => {
        const form = new FormData();
        form.append('kind', 'TASK');
        form.append('taskId', nextTask());
        form.append('file', new Blob([`Walk-down ${Date.now()}\n`], { type: 'text/plain' }), 'walk-down.txt');
        return fetch(`${base}/api/documents`, { method: 'POST', headers, body: form });
      },
    },
    {
      kind: 'holiday',
      write: async () => {
        const date = holidayDate(turn++);
        const added = await send('POST', `/facilities/${ids.facilityId}/holidays`, { date, name: 'Site day' });
        if (!added.ok) return added;
        await added.body?.cancel();
        return send('DELETE', `/facilities/${ids.facilityId}/holidays/${date}`);
      },
    },
    {
      kind: 'requirement edit',
      write: () =>
        send('PATCH', `/requirements/${ids.requirementId}`, { title: `Benchmark requirement ${turn++ % 2}` }),
    },
    {
      kind: 'hand-over',
      write: () => {
        const [from, to] = turn++ % 2 ? ids.userIds : [ids.userIds[1], ids.userIds[0]];
        return send('POST', `/users/${from}/hand-over`, { toUserId: to });
      },
    },
  ];
  return { writes, completed };
}

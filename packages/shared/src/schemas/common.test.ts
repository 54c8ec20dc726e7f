import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';
import {
  listQuerySchema,
  recordReadsOf,
  recordSchema,
  recordSortsOf,
  requiredText,
  settingsRecordOf,
  sortsOf,
  updateBodyOf,
  wholeNumberFrom,
} from './common';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message);

describe('schema helpers', () => {
  it('listQuerySchema: page defaults, one of the sorts, the filters, and a 400 for an unknown parameter', () => {
    const query = listQuerySchema(sortsOf('name'), { active: z.string().optional() });
    expect(query.parse({ sort: '-name', active: 'x' })).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: '-name',
      active: 'x',
    });
    expect(query.safeParse({ sort: 'code' }).success).toBe(false);
    expect(query.safeParse({ colour: 'red' }).error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('recordReadsOf: the list query over the fields and timestamps, strict, and the answers of one record and a page', () => {
    const reads = recordReadsOf(recordSchema({ name: z.string() }), ['name'], { active: z.string().optional() });
    expect(reads.listQuery.parse({ sort: '-updatedAt', active: 'x' })).toMatchObject({
      sort: '-updatedAt',
      active: 'x',
    });
    expect(reads.listQuery.safeParse({ sort: 'code' }).success).toBe(false);
    expect(reads.listQuery.safeParse({ colour: 'red' }).error?.issues[0]?.code).toBe('unrecognized_keys');
    const record = { _id: 'a1', name: 'One', createdAt: 'c', updatedAt: 'u' };
    expect(reads.response.parse({ data: record })).toEqual({ data: record });
    const page = { data: [record], meta: { total: 1, page: 1, pageSize: 20 } };
    expect(reads.page.parse(page)).toEqual(page);
  });

  it('updateBodyOf: any subset of the create body, still strict, with the same messages', () => {
    const create = z.object({ name: requiredText(10, 'Please enter a name', 'Name'), active: z.boolean() }).strict();
    const update = updateBodyOf(create);
    expect(update.parse({})).toEqual({});
    expect(update.parse({ name: ' A ' })).toEqual({ name: 'A' });
    expect(messages(update.safeParse({ name: ' ' }))).toEqual(['Please enter a name']);
    expect(messages(update.safeParse({ name: 'x'.repeat(11) }))).toEqual(['Name must be at most 10 characters long']);
    expect(update.safeParse({ other: 1 }).success).toBe(false);
  });

  it('settingsRecordOf: the fields plus an optional active, strict; the update any subset; the reads', () => {
    const kind = settingsRecordOf(
      recordSchema({ name: z.string() }),
      { name: requiredText(10, 'Name?', 'Name') },
      ['name'],
      {},
    );
    expect(kind.createBody.parse({ name: ' A ' })).toEqual({ name: 'A' });
    expect(kind.createBody.parse({ name: 'A', active: false })).toEqual({ name: 'A', active: false });
    expect(kind.createBody.safeParse({ name: 'A', other: 1 }).success).toBe(false);
    expect(messages(kind.createBody.safeParse({}))).toEqual(['Name?']);
    expect(kind.updateBody.parse({ active: false })).toEqual({ active: false });
    expect(kind.updateBody.safeParse({ other: 1 }).success).toBe(false);
    expect(kind.listQuery.safeParse({ sort: '-name' }).success).toBe(true);
  });

  it('recordSchema: _id first, the fields, then the timestamps', () => {
    const record = recordSchema({ name: z.string() });
    const parsed = record.parse({ updatedAt: 'u', name: 'n', createdAt: 'c', _id: 'i' });
    expect(Object.keys(parsed)).toEqual(['_id', 'name', 'createdAt', 'updatedAt']);
  });

  it('recordSortsOf: the fields, then the timestamps, each ascending and descending', () => {
    expect(recordSortsOf('name')).toEqual(['name', '-name', 'createdAt', '-createdAt', 'updatedAt', '-updatedAt']);
  });

  it('wholeNumberFrom: one message for every way to miss the range', () => {
    const hour = wholeNumberFrom(0, 23, 'Use an hour');
    for (const value of ['7', 1.5, -1, 24]) expect(messages(hour.safeParse(value))).toEqual(['Use an hour']);
    expect(hour.parse(23)).toBe(23);
  });
});

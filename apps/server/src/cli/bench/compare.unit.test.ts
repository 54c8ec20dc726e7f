import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSettingsFrom } from './compare';

describe('the paired comparison’s settings', () => {
  it('needs the other checkout', () => {
    expect(() => compareSettingsFrom({})).toThrow(/BENCH_COMPARE_ROOT/);
  });

  it('refuses to run two versions on one PostgreSQL database (their migrations differ)', () => {
    const thisDatabase = 'postgres://postgres@127.0.0.1:5432/bench';
    expect(() => compareSettingsFrom({ BENCH_COMPARE_ROOT: '../base', DATABASE_URL: thisDatabase })).toThrow(
      /BENCH_COMPARE_DATABASE_URL/,
    );
    expect(() =>
      compareSettingsFrom({
        BENCH_COMPARE_ROOT: '../base',
        DATABASE_URL: thisDatabase,
        BENCH_COMPARE_DATABASE_URL: thisDatabase,
      }),
    ).toThrow(/BENCH_COMPARE_DATABASE_URL/);
  });

  it('gives each version its own database and data directory, and the same bench administrator', () => {
    const settings = compareSettingsFrom({
      BENCH_COMPARE_ROOT: '../base',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench',
      BENCH_COMPARE_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench_before',
      BENCH_COMPARE_ROUNDS: '3',
    });
    expect(settings.baseRoot).toBe(path.resolve('../base'));
    expect(settings.thisEnv.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/bench');
    expect(settings.baseEnv.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/bench_before');
    expect(settings.baseEnv.DATA_DIR).toBe(path.resolve('../base', 'data-bench'));
    expect(settings.baseEnv.ADMIN_EMAIL).toBe(settings.thisEnv.ADMIN_EMAIL);
    expect(settings.rounds).toBe(3);
  });

  it('on SQLite, runs the other version on its own ./data-bench', () => {
    const settings = compareSettingsFrom({ BENCH_COMPARE_ROOT: '../base', DATA_DIR: '/tmp/this-bench' });
    expect(settings.thisEnv.DATA_DIR).toBe('/tmp/this-bench');
    expect(settings.baseEnv.DATA_DIR).toBe(path.resolve('../base', 'data-bench'));
    expect(settings.baseEnv.DATABASE_URL).toBeUndefined();
  });
});

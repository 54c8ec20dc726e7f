import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../test/temp-dir';
import { openSqlite } from './sqlite';

describe('openSqlite durability settings', () => {
  const temp = tempDirPerTest('rtms-sqlite-');

  const settingsOf = (db: ReturnType<typeof openSqlite>) => ({
    journal: db.pragma('journal_mode', { simple: true }),
    synchronous: db.pragma('synchronous', { simple: true }),
    foreignKeys: db.pragma('foreign_keys', { simple: true }),
  });

  it('opens a new file in WAL mode with synchronous=FULL and foreign keys on', () => {
    const file = path.join(temp.dir, 'nested', 'new.sqlite');
    const db = openSqlite(file);
    try {
      expect(settingsOf(db)).toEqual({ journal: 'wal', synchronous: 2, foreignKeys: 1 });
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('keeps synchronous=FULL when it reopens an existing WAL database', () => {
    const file = path.join(temp.dir, 'existing.sqlite');
    const first = openSqlite(file);
    first.exec('create table t (id integer primary key, v text)');
    first.prepare('insert into t (v) values (?)').run('kept');
    first.close();

    const second = openSqlite(file);
    try {
      expect(settingsOf(second)).toEqual({ journal: 'wal', synchronous: 2, foreignKeys: 1 });
      expect(second.prepare('select v from t').pluck().get()).toBe('kept');
    } finally {
      second.close();
    }
  });

  it('enforces foreign keys', () => {
    const db = openSqlite(path.join(temp.dir, 'fk.sqlite'));
    try {
      db.exec(
        'create table parent (id integer primary key); create table child (parent_id integer references parent(id))',
      );
      expect(() => db.prepare('insert into child (parent_id) values (42)').run()).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});

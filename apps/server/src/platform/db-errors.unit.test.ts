import { describe, expect, it } from 'vitest';
import { isUnreachable } from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isUnreachable (decision 038)', () => {
  it('recognises a peer that is gone: socket errors, PostgreSQL connection states, pg’s own messages', () => {
    expect(isUnreachable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isUnreachable(withCode('ECONNRESET'))).toBe(true);
    expect(isUnreachable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isUnreachable(withCode('08006'))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnreachable(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isUnreachable(new Error('upload failed', { cause: withCode('EHOSTUNREACH') }))).toBe(true);
  });

  it('leaves the request’s and the code’s own errors alone', () => {
    expect(isUnreachable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isUnreachable(withCode('40P01', 'deadlock detected'))).toBe(false);
    expect(isUnreachable(withCode('ENOTDIR'))).toBe(false);
    expect(isUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});

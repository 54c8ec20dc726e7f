import { describe, expect, it } from 'vitest';
import { suggestedTimeZone } from './time-zones';

describe('suggestedTimeZone', () => {
  it('starts a new facility in the browser’s zone when that is a real place', () => {
    expect(suggestedTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(suggestedTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('suggests nothing on a UTC machine, so the user must choose (never silently UTC)', () => {
    expect(suggestedTimeZone('UTC')).toBeUndefined();
    expect(suggestedTimeZone('Etc/UTC')).toBeUndefined();
    expect(suggestedTimeZone('Etc/GMT')).toBeUndefined();
  });
});

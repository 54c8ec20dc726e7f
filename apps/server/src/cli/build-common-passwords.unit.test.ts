import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordsFrom } from '@rtms/shared/common-passwords';
import { DATA_FILE, dataFileText, readCorpus } from './build-common-passwords';

describe('the shipped list of common and breached passwords', () => {
  it('is the generator’s output from the breach corpus (regenerate with build-common-passwords.ts)', () => {
    const corpus = readCorpus();
    expect(corpus.length).toBeGreaterThan(400_000);
    expect(fs.readFileSync(DATA_FILE, 'utf8')).toBe(dataFileText(commonPasswordsFrom(corpus)));
  });
});

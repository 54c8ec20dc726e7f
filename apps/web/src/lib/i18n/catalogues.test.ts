import { describe, expect, it } from 'vitest';
import {
  isArgumentElement,
  isDateElement,
  isLiteralElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@rtms/shared/interface-settings';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@rtms/shared/schemas/audit';
import { CATALOGUE_LOADERS, PUBLIC_CATALOGUE_LOADERS } from './catalogues';
import { isPublicMessageKey } from './public-keys';
import { en, type Catalogue } from './messages/en';

/** The names of the values a message uses ({name}, {count, plural, …}, <b>…</b>). */
function placeholdersOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (isLiteralElement(element)) continue;
    if (isArgumentElement(element) || isNumberElement(element) || isDateElement(element) || isTimeElement(element)) {
      found.add(element.value);
    } else if (isPluralElement(element) || isSelectElement(element)) {
      found.add(element.value);
      for (const option of Object.values(element.options)) placeholdersOf(option.value, found);
    } else if (isTagElement(element)) {
      found.add(`<${element.value}>`);
      placeholdersOf(element.children, found);
    }
  }
  return found;
}

const sorted = (values: Iterable<string>) => [...values].sort();
const englishKeys = Object.keys(en);

describe('interface catalogues', () => {
  it('registers a catalogue for every interface language', () => {
    expect(sorted(Object.keys(CATALOGUE_LOADERS))).toEqual(sorted(LOCALES));
    expect(sorted(Object.keys(PUBLIC_CATALOGUE_LOADERS))).toEqual(sorted(LOCALES));
  });

  it('names every audit action and entity type the server writes', () => {
    const missing = [
      ...AUDIT_ACTIONS.map((action) => `auditAction.${action}`),
      ...AUDIT_ENTITY_TYPES.map((type) => `auditEntity.${type}`),
    ].filter((key) => !englishKeys.includes(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('cuts the public messages of %s from its catalogue, and nothing else', async (code) => {
    const [whole, cut] = await Promise.all([CATALOGUE_LOADERS[code](), PUBLIC_CATALOGUE_LOADERS[code]()]);
    const expected = Object.fromEntries(Object.entries(whole).filter(([key]) => isPublicMessageKey(key)));
    expect(cut).toEqual(expected);
    expect(Object.keys(cut)).toContain('signin.title');
    expect(Object.keys(cut)).not.toContain('nav.dashboard');
  });

  describe.each(LOCALES.filter((code) => code !== 'en'))('%s', (code) => {
    let catalogue: Catalogue;

    it('loads', async () => {
      catalogue = await CATALOGUE_LOADERS[code]();
      expect(catalogue).not.toBe(en);
    });

    it('has every English key and no other', () => {
      const keys = Object.keys(catalogue);
      expect({ missing: englishKeys.filter((key) => !keys.includes(key)) }).toEqual({ missing: [] });
      expect({ extra: keys.filter((key) => !englishKeys.includes(key)) }).toEqual({ extra: [] });
    });

    it('has a message for every key, valid and with the same placeholders as English', () => {
      const problems: string[] = [];
      for (const key of englishKeys) {
        const message = catalogue[key as keyof Catalogue];
        if (!message?.trim()) {
          problems.push(`${key}: empty`);
          continue;
        }
        try {
          const wanted = sorted(placeholdersOf(parse(en[key as keyof Catalogue])));
          const got = sorted(placeholdersOf(parse(message)));
          if (wanted.join() !== got.join())
            problems.push(`${key}: uses {${got.join(', ')}}, English {${wanted.join(', ')}}`);
        } catch (error) {
          problems.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('is a translation, not a copy of English', () => {
      // Some messages are the same in every language ("CSV (.csv)", "{value} MW"); most are not.
      const same = englishKeys.filter((key) => catalogue[key as keyof Catalogue] === en[key as keyof Catalogue]);
      expect(same.length / englishKeys.length).toBeLessThan(0.1);
    });
  });
});

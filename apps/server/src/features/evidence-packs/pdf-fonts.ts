import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decompress } from 'wawoff2';

/**
 * The fonts of the evidence pack's PDF: Noto Sans, split by Unicode range the way the web serves it.
 * Latin and Arabic come from @fontsource/noto-sans-arabic (WOFF files, which fontkit subsets as they
 * are); Chinese and Japanese kana from noto-sans-sc, about a hundred WOFF2 files of 30 KB each, of which
 * a pack loads only the ones its text needs. fontkit reads WOFF2 but cannot subset it (the glyph table is
 * stored transformed), so those are unpacked to TrueType once (wawoff2) and kept for the process.
 */

export interface FontFace {
  /** The name the font is registered under in the PDF document. */
  name: string;
  /** Inclusive code point ranges the file covers. */
  ranges: [number, number][];
  /** Whether shaping draws several letters on one glyph (Arabic): see PdfText. */
  shaped?: boolean;
  /** The bytes of a TrueType or WOFF font, read on first use. */
  load: () => Promise<Buffer>;
}

const require = createRequire(import.meta.url);

/** "U+0600-06FF, U+200C" → [[0x600, 0x6ff], [0x200c, 0x200c]]. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [low = '0', high] = part.split('-');
      return [parseInt(low, 16), parseInt(high ?? low, 16)];
    });
}

function arabicPackageFaces(): FontFace[] {
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-arabic/LICENSE'));
  const ranges = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  // Latin first: it also holds the space, digits and punctuation that Arabic text uses.
  return ['latin', 'latin-ext', 'arabic'].map((subset) => ({
    name: `noto-${subset}`,
    shaped: subset === 'arabic',
    ranges: parseUnicodeRange(ranges[subset] ?? ''),
    load: () => Promise.resolve(readFileSync(path.join(dir, 'files', `noto-sans-arabic-${subset}-400-normal.woff`))),
  }));
}

const unpacked = new Map<string, Promise<Buffer>>();

function cjkFaces(): FontFace[] {
  const dir = path.join(path.dirname(require.resolve('noto-sans-sc/package.json')), 'noto_sans_sc_regular');
  const css = readFileSync(path.join(dir, 'css.css'), 'utf8');
  const faces: FontFace[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(([^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const full = path.join(dir, path.basename(file));
    faces.push({
      name: `noto-sc-${faces.length}`,
      ranges: parseUnicodeRange(range),
      load: () => {
        let font = unpacked.get(full);
        if (!font) {
          font = decompress(readFileSync(full)).then((bytes) => Buffer.from(bytes));
          unpacked.set(full, font);
        }
        return font;
      },
    });
  }
  return faces;
}

let catalogue: FontFace[] | undefined;

/** Every face, in order of preference: the first one covering a character draws it. */
export function fontFaces(): FontFace[] {
  catalogue ??= [...arabicPackageFaces(), ...cjkFaces()];
  return catalogue;
}

/** The face that draws a code point; the Latin face (which has U+FFFD) when none covers it. */
export function faceOf(codePoint: number, faces: FontFace[] = fontFaces()): FontFace {
  return (
    faces.find((face) => face.ranges.some(([low, high]) => codePoint >= low && codePoint <= high)) ??
    (faces[0] as FontFace)
  );
}

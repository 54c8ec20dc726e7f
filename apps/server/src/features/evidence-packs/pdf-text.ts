import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import { faceOf, fontFaces, type FontFace } from './pdf-fonts';

/**
 * Text of any script in a pdfkit document. pdfkit draws a string in one font and left to right; a title
 * such as `Prüfbericht-消火器-تقرير.pdf` needs three fonts and the Arabic word right to left. So each line
 * is cut into runs of one font and one direction (the Unicode bidirectional algorithm, bidi-js), the runs
 * are put in visual order (rule L2), and fontkit shapes each run (Arabic joining forms; it lays an Arabic
 * run out right to left itself). A paragraph whose first strong letter is right-to-left is right-aligned.
 *
 * Copying or extracting the text (pdftotext) reads a font's ToUnicode table, one text per glyph. Arabic
 * shaping draws several letters on one glyph (Noto draws ت and ي on one dotless form and adds the dots), so
 * a shaped font is embedded in as many copies as needed for each copy's glyphs to stand for one letter each.
 * (/ActualText would say it too, but poppler misplaces such spans under pdfkit's flipped page matrix.)
 */

const bidi = bidiFactory();
const LINE_HEIGHT = 1.4;
const ZWJ = '\u200d';
/** Arabic letters that never join the letter after them: a word can be cut after them without changing its shapes. */
const NON_JOINING_AFTER =
  /^[\u0621-\u0625\u0627\u0629\u062f-\u0632\u0648\u0671-\u0673\u0675-\u0677\u0688-\u0699\u06c0\u06c3-\u06cb\u06cd\u06cf\u06d2\u06d3\u06d5\u0660-\u0669]/u;
/** Where the baseline sits in a line, as a share of its height. */
const BASELINE = 0.75;

/** One embedded copy of a shaped font and the letter each glyph used so far stands for. */
interface Copy {
  name: string;
  letters: Map<number, string>;
}

interface Run {
  face: FontFace;
  text: string;
  level: number;
}

/**
 * A fontkit font whose glyphs tell the letters of each use: fontkit keeps the first Glyph object of an id, with the
 * letters of its first use, so a glyph shared by ت and ي would report ت for both (and pdfkit writes what
 * the glyph reports into the font's ToUnicode table).
 */
function uncachedFont(bytes: Buffer): fontkit.Font {
  const font = fontkit.create(bytes);
  const cached = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = cached(id, codePoints);
    // The joiners added to cut a word stand for no letter.
    if (codePoints.length === 1 && codePoints[0] === 0x200d && glyph)
      return Object.create(glyph, { codePoints: { value: [] } }) as fontkit.Glyph;
    return codePoints.length && glyph
      ? (Object.create(glyph, { codePoints: { value: codePoints } }) as fontkit.Glyph)
      : glyph;
  };
  return font;
}

export class PdfText {
  private readonly copies = new Map<string, Copy[]>();

  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly faces: FontFace[],
    private readonly bytes: Map<string, Buffer>,
  ) {}

  /** Registers, in `doc`, the fonts that the given texts need (and only those). */
  static async prepare(doc: PDFKit.PDFDocument, texts: Iterable<string | null | undefined>): Promise<PdfText> {
    const faces = fontFaces();
    const needed = new Set<FontFace>([faces[0] as FontFace]);
    for (const text of texts) for (const char of text ?? '') needed.add(faceOf(char.codePointAt(0) ?? 0, faces));
    const bytes = new Map<string, Buffer>();
    for (const face of needed) {
      const font = await face.load();
      bytes.set(face.name, font);
      doc.registerFont(face.name, font);
    }
    return new PdfText(doc, faces, bytes);
  }

  /** The glyphs of a text as (glyph id, the letters it stands for), or undefined if one id stands for two texts. */
  private glyphsOf(face: FontFace, text: string): [number, string][] | undefined {
    const glyphs = uncachedFont(this.bytes.get(face.name) as Buffer)
      .layout(text)
      .glyphs.map((glyph): [number, string] => [glyph.id, String.fromCodePoint(...glyph.codePoints)]);
    const seen = new Map<number, string>();
    for (const [id, letters] of glyphs) {
      if (!letters) continue;
      if ((seen.get(id) ?? letters) !== letters) return undefined;
      seen.set(id, letters);
    }
    return glyphs;
  }

  /** The font copy in which these glyphs keep their letters (a new copy when none fits). */
  private copyFor(face: FontFace, glyphs: [number, string][]): string {
    const copies = this.copies.get(face.name) ?? [];
    this.copies.set(face.name, copies);
    const fits = (copy: Copy) =>
      glyphs.every(([id, letters]) => !letters || (copy.letters.get(id) ?? letters) === letters);
    let copy = copies.find(fits);
    if (!copy) {
      const font = uncachedFont(this.bytes.get(face.name) as Buffer);
      // pdfkit shares one embedded font between registrations of the same file: a distinct checksum keeps them apart.
      font.head.checkSumAdjustment += copies.length + 1;
      copy = { name: `${face.name}-${copies.length}`, letters: new Map() };
      this.doc.registerFont(copy.name, font as unknown as Buffer);
      copies.push(copy);
    }
    for (const [id, letters] of glyphs) if (letters) copy.letters.set(id, letters);
    return copy.name;
  }

  /**
   * A run as pieces to draw, in reading order, each with the font (copy) that draws it. A shaped run is cut
   * after letters that never join the next one (so each piece shapes as it did in the word), and, where one
   * piece still uses one glyph for two letters, between joined letters with a zero-width joiner on both
   * sides of the cut (which keeps their joined forms).
   */
  private pieces(face: FontFace, text: string): { font: string; text: string }[] {
    if (!face.shaped) return [{ font: face.name, text }];
    const clusters = Array.from(text.matchAll(/.[\u064b-\u065f\u0670\u06d6-\u06ed]*/gsu), (match) => match[0]);
    const words: string[][] = [[]];
    for (const cluster of clusters) {
      words.at(-1)?.push(cluster);
      if (NON_JOINING_AFTER.test(cluster)) words.push([]);
    }
    const pieces: { font: string; text: string }[] = [];
    for (const word of words.filter((w) => w.length > 0)) {
      let start = 0;
      while (start < word.length) {
        let end = word.length;
        const textOf = (to: number) =>
          `${start > 0 ? ZWJ : ''}${word.slice(start, to).join('')}${to < word.length ? ZWJ : ''}`;
        while (end > start + 1 && !this.glyphsOf(face, textOf(end))) end -= 1;
        const piece = textOf(end);
        pieces.push({ font: this.copyFor(face, this.glyphsOf(face, piece) ?? []), text: piece });
        start = end;
      }
    }
    return pieces;
  }

  /** Tabs, line ends and control characters become spaces; a character no font has becomes U+FFFD. */
  private clean(text: string): string {
    return Array.from(text)
      .map((char) => {
        const code = char.codePointAt(0) ?? 0;
        if (code < 0x20 || code === 0x7f) return ' ';
        return this.faces.some((face) => face.ranges.some(([low, high]) => code >= low && code <= high))
          ? char
          : '\uFFFD';
      })
      .join('');
  }

  private runs(line: string, rtl: boolean): Run[] {
    const { levels } = bidi.getEmbeddingLevels(line, rtl ? 'rtl' : 'ltr');
    const runs: Run[] = [];
    let index = 0;
    for (const char of line) {
      const face = faceOf(char.codePointAt(0) ?? 0, this.faces);
      const level = levels[index] ?? 0;
      const last = runs.at(-1);
      if (last && last.face === face && last.level === level) last.text += char;
      else runs.push({ face, text: char, level });
      index += char.length;
    }
    // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
    const highest = Math.max(0, ...runs.map((run) => run.level));
    const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 ? run.level : run.level + 1)), highest);
    for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
      for (let start = 0; start < runs.length; start += 1) {
        if ((runs[start]?.level ?? 0) < level) continue;
        let end = start;
        while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end += 1;
        runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
        start = end;
      }
    }
    return runs;
  }

  private width(text: string, size: number, rtl: boolean): number {
    return this.runs(text, rtl).reduce(
      (sum, run) => sum + this.doc.font(run.face.name).fontSize(size).widthOfString(run.text),
      0,
    );
  }

  /** The paragraph broken into lines no wider than `width` (at spaces; a longer word is cut). */
  private lines(text: string, width: number, size: number): { lines: string[]; rtl: boolean } {
    const clean = this.clean(text);
    const rtl = (bidi.getEmbeddingLevels(clean).paragraphs[0]?.level ?? 0) % 2 === 1;
    const lines: string[] = [];
    let current = '';
    for (const token of clean.split(/(\s+)/)) {
      if (!token) continue;
      const candidate = current + token;
      if (this.width(candidate.trimEnd(), size, rtl) <= width || !current.trim()) {
        current = candidate;
      } else {
        lines.push(current.trimEnd());
        current = token.trim() ? token : '';
      }
      // A word wider than the line: cut it where it no longer fits.
      while (this.width(current.trimEnd(), size, rtl) > width && Array.from(current).length > 1) {
        const chars = Array.from(current);
        let cut = chars.length - 1;
        while (cut > 1 && this.width(chars.slice(0, cut).join(''), size, rtl) > width) cut -= 1;
        lines.push(chars.slice(0, cut).join(''));
        current = chars.slice(cut).join('');
      }
    }
    if (current.trim() || lines.length === 0) lines.push(current.trimEnd());
    return { lines, rtl };
  }

  /** The height the text takes in a box `width` wide. */
  height(text: string, width: number, size: number): number {
    return this.lines(text, width, size).lines.length * size * LINE_HEIGHT;
  }

  /** Draws the text in a box at (x, y), `width` wide; answers its height and leaves the document's y under it. */
  draw(text: string, x: number, y: number, width: number, size: number, color = 'black'): number {
    const { lines, rtl } = this.lines(text, width, size);
    lines.forEach((line, i) => {
      const runs = this.runs(line, rtl);
      let at = rtl ? x + width - this.width(line, size, rtl) : x;
      for (const run of runs) {
        const pieces = this.pieces(run.face, run.text);
        // A right-to-left run is drawn from its end: its first piece is the rightmost.
        for (const piece of run.level % 2 ? pieces.reverse() : pieces) {
          this.doc
            .font(piece.font)
            .fontSize(size)
            .fillColor(color)
            // One baseline for every font of the line (pdfkit otherwise puts y at each font's own ascender).
            .text(piece.text, at, y + (i + BASELINE) * size * LINE_HEIGHT, {
              lineBreak: false,
              baseline: 'alphabetic',
            });
          at += this.doc.widthOfString(piece.text);
        }
      }
    });
    this.doc.fillColor('black');
    this.doc.x = x;
    this.doc.y = y + lines.length * size * LINE_HEIGHT;
    return lines.length * size * LINE_HEIGHT;
  }
}

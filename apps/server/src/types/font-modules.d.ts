// wawoff2 ships no types: the one function the evidence pack's fonts use.
declare module 'wawoff2' {
  /** WOFF2 bytes to TrueType/OpenType bytes. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}

// fontkit ships no types: what the evidence pack's text layout reads of it.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
  }
  export interface Font {
    layout(text: string): { glyphs: Glyph[] };
    getGlyph(id: number, codePoints?: number[]): Glyph | null;
    head: { checkSumAdjustment: number };
  }
  export function create(buffer: Buffer): Font;
}

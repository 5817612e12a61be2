/** fontkit (pdfkit's font engine) ships no types; lib/pdf-fonts.ts parses each font file once with it. */
declare module 'fontkit' {
  /** A parsed font: pdfkit's registerFont takes it in place of a path or bytes. */
  export interface Font {
    layout(text: string): unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** The hhea ascender, in font units. */
    readonly ascent: number;
    readonly unitsPerEm: number;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

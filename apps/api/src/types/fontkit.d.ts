/** fontkit (pdfkit's font engine) ships no types; lib/pdf.ts only parses a font file once with it. */
declare module 'fontkit' {
  /** A parsed font: pdfkit's registerFont takes it in place of a path or bytes. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

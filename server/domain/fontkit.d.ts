/** What print-fonts.ts uses of fontkit (pdfkit's font reader, which ships no types): an opened font to hand to pdfkit. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  /** A font, or with a collection (.ttc) and a PostScript name the face of that name. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font | { fonts: Font[] };
}

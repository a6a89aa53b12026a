/**
 * The Korean faces the printed PDFs are set in (the purchase order, the contract and its certificate): Noto Sans CJK
 * KR from the OS package fonts-noto-cjk, embedded as a subset of the glyphs used.
 *
 * Each face is a 19–20 MB collection. pdfkit opens a font given by path anew for every document, and the glyph
 * tables it then decodes (fontkit's cmap, GSUB and CFF parsing) were about half of a contract PDF's CPU: 0.2 s a
 * contract, ≈ 0.1 s of it the two faces (bench figures in docs/testing-log.md, 2026-11-29). So the faces are opened
 * once and handed to every document while prints come; a quiet process lets them go after IDLE_MS (≈ 50 MB of
 * memory). A document's subset and layout stay its own (pdfkit's EmbeddedFont), so the bytes are the same either way.
 */
import fs from 'node:fs';
import type { Font } from 'fontkit';

export const PRINT_FONT_DIR = '/usr/share/fonts/opentype/noto';
const FACES = {
  regular: { file: `${PRINT_FONT_DIR}/NotoSansCJK-Regular.ttc`, face: 'NotoSansCJKkr-Regular' },
  bold: { file: `${PRINT_FONT_DIR}/NotoSansCJK-Bold.ttc`, face: 'NotoSansCJKkr-Bold' },
} as const;

/** How long the opened faces are kept after the last document asked for them. */
const IDLE_MS = 120_000;

/** Whether this server can print Korean: the font files are there. */
export function printFontsAvailable(): boolean {
  return Object.values(FACES).every((f) => fs.existsSync(f.file));
}

interface PrintFonts {
  regular: Font;
  bold: Font;
}

let opened: Promise<PrintFonts> | null = null;
let release: NodeJS.Timeout | null = null;

/**
 * The two faces, opened on first use and kept while documents keep coming. Hand them to pdfkit's `registerFont`
 * (it takes an opened font as well as a path).
 */
export function printFonts(): Promise<PrintFonts> {
  opened ??= (async () => {
    // fontkit (pdfkit's font reader) loads only when something is printed, as pdfkit does.
    const fontkit = await import('fontkit');
    const open = (f: { file: string; face: string }) => fontkit.create(fs.readFileSync(f.file), f.face) as Font;
    return { regular: open(FACES.regular), bold: open(FACES.bold) };
  })();
  const fonts = opened;
  // A failed open is not kept: the next document tries again (and fails with the same cause, said there).
  fonts.catch(() => {
    if (opened === fonts) opened = null;
  });
  if (release) clearTimeout(release);
  release = setTimeout(() => {
    opened = null;
    release = null;
  }, IDLE_MS);
  // Kept fonts never hold a process open (a test's worker, a server shutting down).
  release.unref();
  return fonts;
}

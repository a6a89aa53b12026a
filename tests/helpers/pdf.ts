import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** What a test reads of a PDF: that it is one, its pages, the text of each page and its title. */
export interface ReadPdf {
  magic: string;
  pages: number;
  text: string[];
  title: string | null;
}

/** Parses the bytes with pdf.js (unpdf): a file that is not a well-formed PDF throws. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const magic = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const [{ totalPages, text }, meta] = await Promise.all([extractText(doc, { mergePages: false }), getMeta(doc)]);
  const info = meta.info as { Title?: string };
  return { magic, pages: totalPages, text, title: info.Title ?? null };
}

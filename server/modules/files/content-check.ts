import path from 'node:path';

/**
 * What an upload may be (ASVS 5.2): the extension must be on the list, the
 * declared type must be one the extension allows (or the browser's generic
 * application/octet-stream), and the first bytes must be that kind of file. Zip containers
 * (.xlsx, .docx, .pptx, .zip, .hwpx) are read for zip-bomb limits before they are kept.
 */
type Magic = 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'zip' | 'ole' | 'text' | 'hwp';

interface Kind {
  magic: Magic[];
  types: string[];
}

const OFFICE_OLE = ['application/x-ole-storage', 'application/vnd.ms-office'];
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

export const ALLOWED_EXTENSIONS: Readonly<Record<string, Kind>> = Object.freeze({
  pdf: { magic: ['pdf'], types: ['application/pdf'] },
  png: { magic: ['png'], types: ['image/png'] },
  jpg: { magic: ['jpeg'], types: ['image/jpeg', 'image/pjpeg'] },
  jpeg: { magic: ['jpeg'], types: ['image/jpeg', 'image/pjpeg'] },
  gif: { magic: ['gif'], types: ['image/gif'] },
  bmp: { magic: ['bmp'], types: ['image/bmp', 'image/x-ms-bmp'] },
  tif: { magic: ['tiff'], types: ['image/tiff'] },
  tiff: { magic: ['tiff'], types: ['image/tiff'] },
  xlsx: { magic: ['zip'], types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...ZIP_TYPES] },
  xls: { magic: ['ole'], types: ['application/vnd.ms-excel', ...OFFICE_OLE] },
  docx: {
    magic: ['zip'],
    types: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ...ZIP_TYPES],
  },
  doc: { magic: ['ole'], types: ['application/msword', ...OFFICE_OLE] },
  pptx: {
    magic: ['zip'],
    types: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ...ZIP_TYPES],
  },
  ppt: { magic: ['ole'], types: ['application/vnd.ms-powerpoint', ...OFFICE_OLE] },
  hwp: { magic: ['ole', 'hwp'], types: ['application/x-hwp', 'application/haansofthwp', 'application/vnd.hancom.hwp'] },
  hwpx: { magic: ['zip'], types: ['application/hwp+zip', 'application/vnd.hancom.hwpx', ...ZIP_TYPES] },
  zip: { magic: ['zip'], types: ZIP_TYPES },
  txt: { magic: ['text'], types: ['text/plain'] },
  csv: { magic: ['text'], types: ['text/csv', 'text/plain', 'application/vnd.ms-excel'] },
});

/** Zip-bomb limits: entries, total uncompressed size, and ratio of uncompressed to stored size. */
const ZIP_LIMITS = Object.freeze({ maxEntries: 10_000, maxTotalBytes: 200 * 1_048_576, maxRatio: 200 });

export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** The kind of file its first bytes say it is, or null. Pure. */
function sniff(head: Buffer): Magic | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (head.subarray(0, 17).toString('latin1') === 'HWP Document File') return 'hwp';
  // Text: no NUL and valid UTF-8 (or EUC-KR/CP949 bytes ≥ 0x80) in what was read.
  if (head.length > 0 && !head.includes(0)) return 'text';
  if (head.length === 0) return 'text';
  return null;
}

export type ContentProblem = {
  code: 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TYPE_MISMATCH' | 'FILE_CONTENT_MISMATCH' | 'ZIP_TOO_LARGE';
  message: string;
};

/** Extension and declared type, before reading any content. */
export function checkDeclared(originalName: string, declaredType: string | undefined): ContentProblem | null {
  const ext = extensionOf(originalName);
  const kind = ALLOWED_EXTENSIONS[ext];
  if (!kind)
    return {
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: `올릴 수 없는 파일 형식입니다: ${originalName} (허용: ${Object.keys(ALLOWED_EXTENSIONS).join(', ')})`,
    };
  const declared = (declaredType ?? '').split(';')[0].trim().toLowerCase();
  if (declared !== '' && declared !== 'application/octet-stream' && !kind.types.includes(declared)) {
    return {
      code: 'FILE_TYPE_MISMATCH',
      message: `파일 형식(${declared})이 확장자(.${ext})와 맞지 않습니다: ${originalName}`,
    };
  }
  return null;
}

/** Random access to a stored file: the disk or the bucket (FileStore.reader). */
export interface ContentReader {
  size(): Promise<number>;
  read(start: number, length: number): Promise<Buffer>;
}

/** The stored content against the extension: magic bytes, then zip-bomb limits for containers. */
export async function checkContent(content: ContentReader, originalName: string): Promise<ContentProblem | null> {
  const ext = extensionOf(originalName);
  const kind = ALLOWED_EXTENSIONS[ext];
  if (!kind) return { code: 'FILE_TYPE_NOT_ALLOWED', message: `올릴 수 없는 파일 형식입니다: ${originalName}` };
  const size = await content.size();
  const head = await content.read(0, Math.min(4096, size));
  const magic = sniff(head);
  if (!magic || !kind.magic.includes(magic))
    return { code: 'FILE_CONTENT_MISMATCH', message: `파일 내용이 확장자(.${ext})와 맞지 않습니다: ${originalName}` };
  if (magic === 'zip') {
    const bomb = await zipProblem(content, size);
    if (bomb) return { code: 'ZIP_TOO_LARGE', message: `${bomb}: ${originalName}` };
  }
  return null;
}

/** Reads a zip's central directory (declared sizes) and answers what breaks the limits, or null. */
async function zipProblem(content: ContentReader, size: number): Promise<string | null> {
  // End of central directory: the last 22 bytes plus up to 65535 of comment.
  const tailLen = Math.min(size, 22 + 65535);
  const tail = await content.read(size - tailLen, tailLen);
  let eocd = -1;
  for (let i = tailLen - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return '압축 파일의 목록을 읽을 수 없습니다';
  const entries = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) return 'ZIP64 압축 파일은 올릴 수 없습니다';
  if (entries > ZIP_LIMITS.maxEntries) return `압축 파일의 항목이 너무 많습니다(${entries}개)`;
  if (cdOffset + cdSize > size) return '압축 파일의 목록이 손상되었습니다';
  const cd = await content.read(cdOffset, cdSize);
  let total = 0;
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) return '압축 파일의 목록이 손상되었습니다';
    const compressed = cd.readUInt32LE(p + 20);
    const uncompressed = cd.readUInt32LE(p + 24);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return 'ZIP64 압축 파일은 올릴 수 없습니다';
    total += uncompressed;
    if (uncompressed > 1_048_576 && uncompressed > Math.max(compressed, 1) * ZIP_LIMITS.maxRatio)
      return '압축률이 비정상적으로 높은 항목이 있습니다(압축 폭탄)';
    if (total > ZIP_LIMITS.maxTotalBytes) return '압축을 풀면 허용 크기를 넘습니다';
    p += 46 + cd.readUInt16LE(p + 28) + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  return null;
}

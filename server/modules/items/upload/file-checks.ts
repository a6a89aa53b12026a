import { unzipSync } from 'fflate';
import { HttpError } from '../../../http/errors.js';

/**
 * Checks an uploaded spreadsheet before anything parses it (spec §5: spreadsheets only): the
 * extension and content type, the magic bytes (an .xlsx is a zip: PK\3\4; an old .xls renamed
 * is an OLE2 file: D0 CF 11 E0), and the zip's directory against zip-bomb limits — entry count,
 * total uncompressed size and compression ratio — read from the directory without inflating.
 * The worker that parses also runs with a heap limit, in case a directory lies about sizes.
 */
const ZIP_LIMITS = {
  maxEntries: 2000,
  maxUncompressedBytes: 300 * 1_048_576,
  maxRatio: 200,
} as const;

const XLSX_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  '',
]);

const unsupported = (code: string, message: string) => new HttpError(415, code, message);

export function checkSpreadsheet(fileName: string, mimeType: string, buf: Uint8Array, limits = ZIP_LIMITS): void {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext !== 'xlsx') throw unsupported('UPLOAD_NOT_XLSX', `엑셀(.xlsx) 파일만 올릴 수 있습니다: ${fileName}`);
  if (!XLSX_TYPES.has(mimeType.toLowerCase()))
    throw unsupported('UPLOAD_NOT_XLSX', `엑셀 파일의 형식(content type)이 아닙니다: ${mimeType}`);
  if (buf.length >= 4 && buf[0] === 0xd0 && buf[1] === 0xcf && buf[2] === 0x11 && buf[3] === 0xe0) {
    throw unsupported(
      'UPLOAD_NOT_XLSX',
      '이전 엑셀 형식(.xls)을 확장자만 바꾼 파일입니다. 엑셀에서 .xlsx로 저장해 올리세요',
    );
  }
  if (buf.length < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b || buf[2] !== 0x03 || buf[3] !== 0x04) {
    throw unsupported('UPLOAD_NOT_XLSX', '엑셀(.xlsx) 파일이 아닙니다. 파일 내용이 확장자와 다릅니다');
  }
  let entries = 0;
  let total = 0;
  let compressed = 0;
  let hasWorkbook = false;
  let bomb: string | null = null;
  try {
    unzipSync(buf, {
      filter: (f) => {
        entries++;
        total += f.originalSize;
        compressed += f.size;
        if (f.name === 'xl/workbook.xml') hasWorkbook = true;
        if (f.size > 0 && f.originalSize / f.size > limits.maxRatio && f.originalSize > 1_048_576)
          bomb = `압축 비율이 비정상적입니다 (${f.name})`;
        return false; // the directory is enough: nothing is inflated here
      },
    });
  } catch {
    throw unsupported('UPLOAD_NOT_XLSX', '손상되었거나 엑셀(.xlsx)이 아닌 파일입니다');
  }
  if (entries > limits.maxEntries) bomb = `압축 항목이 너무 많습니다 (${entries}개)`;
  if (total > limits.maxUncompressedBytes)
    bomb = `압축을 풀면 ${Math.round(total / 1_048_576)}MB로, 허용 한도 ${Math.round(limits.maxUncompressedBytes / 1_048_576)}MB를 넘습니다`;
  if (compressed > 0 && total / compressed > limits.maxRatio && total > 1_048_576)
    bomb ??= `압축 비율이 비정상적입니다 (${Math.round(total / compressed)}:1)`;
  if (bomb) throw new HttpError(422, 'UPLOAD_ZIP_BOMB', `안전하지 않은 파일입니다: ${bomb}`);
  if (!hasWorkbook) throw unsupported('UPLOAD_NOT_XLSX', '엑셀 통합문서가 아닌 zip 파일입니다');
}

import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  DEFAULT_UPLOAD_LIMIT_MB,
  SPREADSHEET_EXTENSIONS,
  formatBytes,
  isSpreadsheetFile,
  isWithinLimit,
} from './file-size';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('constants', () => {
  it('match spec §5/§9', () => {
    expect(BYTES_PER_MB).toBe(1048576);
    expect(DEFAULT_UPLOAD_LIMIT_MB).toBe(10);
  });
});

describe('isWithinLimit', () => {
  it('allows exactly 10 MB by default and refuses one byte more', () => {
    expect(isWithinLimit(10_485_760)).toBe(true);
    expect(isWithinLimit(10_485_761)).toBe(false);
    expect(isWithinLimit(0)).toBe(true);
  });

  it('falls back to the default for null and undefined', () => {
    expect(isWithinLimit(10_485_760, null)).toBe(true);
    expect(isWithinLimit(10_485_761, undefined)).toBe(false);
  });

  it('uses a set limit', () => {
    expect(isWithinLimit(20 * 1_048_576, 20)).toBe(true);
    expect(isWithinLimit(20 * 1_048_576 + 1, 20)).toBe(false);
    expect(isWithinLimit(1_048_576, 1)).toBe(true);
    expect(isWithinLimit(1_048_577, 1)).toBe(false);
    expect(isWithinLimit(524_288, 0.5)).toBe(true);
    expect(isWithinLimit(524_289, 0.5)).toBe(false);
  });

  it('uses binary megabytes, not 1000000', () => {
    expect(isWithinLimit(1_000_001, 1)).toBe(true);
  });

  it('throws on a configuration mistake instead of guessing', () => {
    expect(() => isWithinLimit(1, 0)).toThrow(RangeError);
    expect(() => isWithinLimit(1, -5)).toThrow(RangeError);
    expect(() => isWithinLimit(1, Number.NaN)).toThrow(RangeError);
    expect(() => isWithinLimit(-1)).toThrow(RangeError);
    expect(() => isWithinLimit(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_575, '1 MB'], // rounds to 1024 KB, so shown in the next unit
    [1_048_576, '1 MB'],
    [10_485_760, '10 MB'],
    [10_485_761, '10 MB'],
    [1_572_864, '1.5 MB'],
    [1_073_741_824, '1 GB'],
    [1_099_511_627_776, '1 TB'],
    [2 * 1_099_511_627_776 * 1024, '2048 TB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('rejects negative and non-finite sizes', () => {
    expect(() => formatBytes(-1)).toThrow(RangeError);
    expect(() => formatBytes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('isSpreadsheetFile', () => {
  it.each(['견적서.xlsx', 'a.xls', 'REPORT.XLSX', 'Book1.Xls', 'x.y.xlsx', ' spaced.xlsx '])('accepts %s', (name) => {
    expect(isSpreadsheetFile(name)).toBe(true);
  });

  it.each(['data.csv', 'macro.xlsm', 'binary.xlsb', 'sheet.ods', 'a.xlsx.exe', 'xlsx', '.xlsx', 'note.txt', ''])(
    'refuses %j',
    (name) => {
      expect(isSpreadsheetFile(name)).toBe(false);
    },
  );

  it('accepts the spreadsheet MIME types and the unknown ones browsers send', () => {
    expect(isSpreadsheetFile('a.xlsx', XLSX_MIME)).toBe(true);
    expect(isSpreadsheetFile('a.xls', 'application/vnd.ms-excel')).toBe(true);
    expect(isSpreadsheetFile('a.xlsx', 'application/octet-stream')).toBe(true);
    expect(isSpreadsheetFile('a.xlsx', '')).toBe(true);
    expect(isSpreadsheetFile('a.xlsx', null)).toBe(true);
    expect(isSpreadsheetFile('a.xls', 'Application/Vnd.MS-Excel')).toBe(true);
  });

  it('lets a contradicting MIME type veto the name', () => {
    expect(isSpreadsheetFile('a.xls', 'text/html')).toBe(false);
    expect(isSpreadsheetFile('a.xlsx', 'text/csv')).toBe(false);
    expect(isSpreadsheetFile('a.xlsx', 'image/png')).toBe(false);
  });

  it('does not let a MIME type rescue a wrong name', () => {
    expect(isSpreadsheetFile('a.csv', XLSX_MIME)).toBe(false);
  });

  it('lists the extensions', () => {
    expect(SPREADSHEET_EXTENSIONS).toEqual(['.xlsx', '.xls']);
  });
});

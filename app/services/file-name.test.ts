// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileNameOf } from './widget-services';

describe('fileNameOf (Content-Disposition)', () => {
  it('prefers the RFC 5987 UTF-8 name, falls back to the plain one', () => {
    expect(
      fileNameOf(
        `attachment; filename="statement.pdf"; filename*=UTF-8''%EA%B1%B0%EB%9E%98%EB%AA%85%EC%84%B8%EC%84%9C.pdf`,
      ),
    ).toBe('거래명세서.pdf');
    expect(fileNameOf('attachment; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rawWords } from '../e2e/helpers/page-words';

/** The route walk's reading of a page's words (tests/e2e/helpers/page-words.ts): what it flags and what it lets be. */
describe('raw words a person must never read', () => {
  it('flags a dotted i18n key, a raw operation id and a raw field name', () => {
    expect(rawWords(['home.internal.body', '"fileName"가 없습니다', 'confirmTenderOpening는 POST 작업입니다'])).toEqual(
      [
        'key "home.internal.body" in "home.internal.body"',
        'field "fileName" in ""fileName"가 없습니다"',
        'operation "confirmTenderOpening" in "confirmTenderOpening는 POST 작업입니다"',
      ],
    );
  });

  it('lets addresses, file names, numbers and document numbers be', () => {
    expect(
      rawWords([
        'kim.minsu@example.co.kr',
        '주문내역_2026.xlsx',
        'https://gpms.example.com/prList',
        'PO2026-000001',
        '1,200.50',
        'v1.2',
        '단가계약 상세',
        'A draft or disputed settlement, e.g. ST2026-000123',
        'iM Bank',
        '영문 소문자로 시작하는 영문·숫자 (예: openPoBySupplier)',
      ]),
    ).toEqual([]);
  });
});

/**
 * Fixture files for the settlement custom screens' stories and tests: a statement page, a PDF and
 * extracts as the server answers them (or its refusals), with every request recorded; and a
 * harness rendering a settlement screen with them.
 */
import { useState, type ReactNode } from 'react';
import { OperationError } from '../../../engine';
import {
  createFixtureEngineServices,
  type FixtureEngineOptions,
} from '../../../engine/testing/fixture-engine-services';
import { ScreenHarness } from '../../../engine/testing/screen-harness';
import { createScreenRegistry } from '../../../engine/runtime/registry';
import { screenDefinitions, screenTexts } from '../../../screens';
import { SETTLEMENT_CODES } from '../../../screens/settlement/settlement-fixtures';
import { SettlementFilesContext, type FetchedFile, type SettlementFiles } from './settlement-files';
import SettlementDataDownload from './settlementDataDownload.custom';
import SettlementStatement from './settlementStatement.custom';

const STATEMENT_HTML = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>거래명세서</title>
<style>body{font-family:sans-serif;margin:24px}h1{text-align:center;letter-spacing:.4em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #333;padding:4px 6px}@media print{@page{size:A4 landscape}}</style>
</head><body><h1>거 래 명 세 서</h1><p>2026년 10월 · 정산번호 ST2026-000101</p>
<table><thead><tr><th>No</th><th>품목</th><th>수량</th><th>단가</th><th>금액</th></tr></thead>
<tbody><tr><td>1</td><td>롤러체인</td><td>12.5</td><td>1,234</td><td>15,425</td></tr><tr><td>2</td><td>에어호스</td><td>3</td><td>9,990</td><td>29,970</td></tr></tbody></table>
<p><strong>합계 ₩45,395</strong></p></body></html>`;

export interface FakeFiles extends SettlementFiles {
  requests: Array<{ what: string; args: unknown[] }>;
}

/** Files as the server answers them; `refuse` makes a kind answer the server's refusal instead. */
export function fakeSettlementFiles(
  options: {
    refuse?: Partial<Record<'html' | 'pdf' | 'receipts' | 'settlements', OperationError>>;
    delayMs?: number;
  } = {},
): FakeFiles {
  const requests: FakeFiles['requests'] = [];
  const later = <T,>(value: () => T) =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => {
        try {
          resolve(value());
        } catch (e) {
          reject(e);
        }
      }, options.delayMs ?? 0),
    );
  const file = (name: string, total: number | null, type: string): FetchedFile => ({
    blob: new Blob(['x'], { type }),
    fileName: name,
    total,
  });
  return {
    requests,
    statementHtml: (settleNo, portal) => {
      requests.push({ what: 'html', args: [settleNo, portal] });
      return later(() => {
        if (options.refuse?.html) throw options.refuse.html;
        return STATEMENT_HTML.replace('ST2026-000101', settleNo);
      });
    },
    statementPdf: (settleNo, portal) => {
      requests.push({ what: 'pdf', args: [settleNo, portal] });
      return later(() => {
        if (options.refuse?.pdf) throw options.refuse.pdf;
        return file(`거래명세서_${settleNo}.pdf`, null, 'application/pdf');
      });
    },
    extract: (kind, query) => {
      requests.push({ what: kind, args: [query] });
      return later(() => {
        if (options.refuse?.[kind]) throw options.refuse[kind];
        return file(
          kind === 'receipts' ? '입고내역_2026-11-22.xlsx' : '월정산내역_2026-11-22.xlsx',
          kind === 'receipts' ? 1234 : 87,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      });
    },
  };
}

export const tooLarge = () =>
  new OperationError(
    400,
    'EXPORT_TOO_LARGE',
    '추출 대상이 123,456건으로 한도(100,000건)를 넘습니다. 조회 조건을 좁혀 주세요',
    { total: 123456, limit: 100000 },
  );

const registry = createScreenRegistry(screenDefinitions);
const components = { settlementStatement: SettlementStatement, settlementDataDownload: SettlementDataDownload };

/** A settlement custom screen with fixture files, in a router (false inside Storybook's). */
export function SettlementFilesHarness({
  id,
  files,
  route,
  router = true,
  engine = {},
}: {
  id: string;
  files: SettlementFiles;
  route?: string;
  router?: boolean;
  engine?: FixtureEngineOptions;
}): ReactNode {
  const [services] = useState(() =>
    createFixtureEngineServices({
      codes: {
        ...SETTLEMENT_CODES,
        WH_STATUS: [{ value: 'DECIDED', text: '최종확정' }],
        APPROVAL_STATUS: [{ value: 'APPROVED', text: '승인' }],
        SOURCE_SYSTEM: [{ value: 'GPMS', text: 'GPMS (본 시스템)' }],
      },
      ...engine,
    }),
  );
  return (
    <SettlementFilesContext.Provider value={files}>
      <ScreenHarness
        id={id}
        registry={registry}
        services={services}
        texts={screenTexts}
        route={route}
        router={router}
        customComponents={components}
      />
    </SettlementFilesContext.Provider>
  );
}

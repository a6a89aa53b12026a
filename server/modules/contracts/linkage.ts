/**
 * An e-contract's 납품대금 연동 answer (상생협력법 §21; docs/contracts.md "납품대금 연동", docs/subcontracting.md): the
 * same clause or 미연동 agreement an agreement holds, checked by the same rules (server/domain/linkage-answer.ts)
 * against the contract's own amount and period; whether a contract of a 하도급 order may be submitted without one;
 * the default a new contract takes; and the section its PDF prints. The command that stores it is
 * linkage-command.ts.
 */
import type { Db } from '../../db/connect.js';
import { linkageGateErrors, linkageView, type LinkageFacts, type LinkageRow } from '../../domain/linkage-answer.js';
import { SUBCON_KIND_LABELS } from '../../domain/subcontracting.js';
import { groupThousands } from '../../../lib/mask.js';
import { shortDecimal } from './source-change.js';
import * as k from './queries-linkage.js';

interface ContractHead {
  contractNo: string;
  sourceKind: string;
  sourceNo: string | null;
  supplyAmount: unknown;
  startDate: string | null;
  endDate: string | null;
}

/** The 하도급 kind of the contract's order, fixed when the order was made (null: no order, or not 하도급). */
function contractSubconKind(db: Db, c: Pick<ContractHead, 'sourceKind' | 'sourceNo'>) {
  return c.sourceKind === 'PO' && c.sourceNo ? k.poSubconKind(db, c.sourceNo) : Promise.resolve(null);
}

/**
 * What the 소액 and 단기 exceptions are checked against: the supply amount (the 납품대금 without VAT, in won as every
 * contract) and the contract's period, both ends counted — unfixed without a start and an end date.
 */
export function contractFacts(c: Omit<ContractHead, 'contractNo' | 'sourceKind' | 'sourceNo'>): LinkageFacts {
  const periodDays =
    c.startDate && c.endDate ? Math.round((Date.parse(c.endDate) - Date.parse(c.startDate)) / 86_400_000) + 1 : null;
  return {
    amountKrw: String(c.supplyAmount),
    periodDays,
    unfixed: { amount: '', period: '단기 예외는 계약 시작일과 종료일이 정해진 계약에만 적용됩니다' },
  };
}

/**
 * Why the contract may not be submitted as it stands: its order is 하도급 and it holds no answer, or a 미연동
 * exception its amount or period does not allow. Empty: it may go (and always for a contract outside the Act).
 */
export async function linkageSubmitErrors(db: Db, c: ContractHead) {
  const kind = await contractSubconKind(db, c);
  if (kind === null) return [];
  return linkageGateErrors(
    await k.findContractLinkage(db, c.contractNo),
    contractFacts(c),
    `${SUBCON_KIND_LABELS[kind]} 하도급 계약은 납품대금 연동 약정 또는 미연동 합의를 입력한 뒤 상신할 수 있습니다 (상생협력법 제21조)`,
  );
}

/** The answer a new contract starts with, and where it came from. */
interface DefaultLinkage {
  row: LinkageRow;
  indexName: string | null;
  copiedFromKind: 'AGREEMENT' | 'CONTRACT';
  copiedFromNo: string;
}

type StoredAnswer = NonNullable<Awaited<ReturnType<typeof k.agreementLinkageOfPo>>>;

const asRow = (a: StoredAnswer | k.ContractLinkage): LinkageRow => ({
  kind: a.kind as LinkageRow['kind'],
  material: a.material,
  sharePct: a.sharePct === null ? null : String(a.sharePct),
  indexCode: a.indexCode,
  baseDate: a.baseDate,
  baseValue: a.baseValue === null ? null : String(a.baseValue),
  compareBasis: a.compareBasis as LinkageRow['compareBasis'],
  comparePeriodMonths: a.comparePeriodMonths,
  triggerPct: a.triggerPct === null ? null : String(a.triggerPct),
  formulaNote: a.formulaNote,
  exceptionType: a.exceptionType as LinkageRow['exceptionType'],
  reason: a.reason,
});

/**
 * The default answer of a new contract: an amendment keeps its original's (the terms carry over, as its variables
 * do); a contract on a call-off takes the answer of the agreement it calls off. Copied when the contract is made —
 * its PDF is rendered then, so the first copy already states what the parties agreed — and changed on the draft
 * like any answer. Not copied when it no longer holds for this contract: a clause whose index is out of use, a
 * 미연동 exception the contract's amount or period does not allow (the buyer answers then; submitting asks).
 */
export async function defaultLinkage(
  db: Db,
  c: { sourceKind: string; sourceNo: string | null; amends: string | null },
  facts: LinkageFacts,
): Promise<DefaultLinkage | null> {
  let found: { answer: StoredAnswer | k.ContractLinkage; kind: 'AGREEMENT' | 'CONTRACT'; no: string } | null = null;
  if (c.amends) {
    const answer = await k.findContractLinkage(db, c.amends);
    if (answer) found = { answer, kind: 'CONTRACT', no: c.amends };
  } else if (c.sourceKind === 'PO' && c.sourceNo) {
    const answer = await k.agreementLinkageOfPo(db, c.sourceNo);
    if (answer) found = { answer, kind: 'AGREEMENT', no: answer.agreementNo };
  }
  if (!found) return null;
  const row = asRow(found.answer);
  if (row.kind === 'LINKED' && !(await k.indexInUse(db, row.indexCode ?? ''))) return null;
  if (linkageGateErrors(row, facts, '').length > 0) return null;
  return { row, indexName: found.answer.indexName, copiedFromKind: found.kind, copiedFromNo: found.no };
}

const BASIS_TEXT: Record<string, string> = {
  DAY: '비교시점 당일의 지표값',
  MONTH_AVG: '비교시점 직전 월의 평균 지표값',
};
const EXCEPTION_TEXT: Record<string, string> = {
  SMALL_AMOUNT: '소액 (납품대금 1억 원 이하)',
  SHORT_TERM: '단기 (계약기간 90일 이내)',
  SMALL_ENTRUSTER: '위탁기업이 소기업',
  AGREED_NONE: '양사 미연동 합의',
};

/** A decimal as the contract writes numbers: thousands grouped, its own decimals in their shortest form. */
const decimalText = (v: string | null): string => {
  const short = shortDecimal(v) ?? '-';
  const [whole, frac] = short.split('.');
  return `${groupThousands(whole!)}${frac ? `.${frac}` : ''}`;
};

const koreanDate = (d: string | null): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(d ?? '');
  return m ? `${m[1]}년 ${Number(m[2])}월 ${Number(m[3])}일` : '-';
};

/**
 * The answer as the contract prints it, after the template's text whatever the template places (render.ts
 * `appendices`): the clause with the formula's numbers, or the 미연동 합의 with its exception and reason.
 */
export function linkagePrint(row: LinkageRow, indexName: string | null): { heading: string; lines: string[] } {
  if (row.kind === 'NOT_LINKED')
    return {
      heading: '납품대금 미연동 합의 (상생협력법 제21조)',
      lines: [
        `미연동 사유 유형: ${EXCEPTION_TEXT[row.exceptionType ?? ''] ?? row.exceptionType ?? '-'}`,
        `미연동 사유: ${row.reason ?? '-'}`,
      ],
    };
  return {
    heading: '납품대금 연동 약정 (상생협력법 제21조)',
    lines: [
      `주요 원재료: ${row.material ?? '-'} (납품대금 중 비중 ${decimalText(row.sharePct)}%)`,
      `기준 지표: ${indexName ?? row.indexCode ?? '-'} (${row.indexCode ?? '-'})`,
      `기준시점: ${koreanDate(row.baseDate)}, 기준시점 지표값: ${decimalText(row.baseValue)}`,
      `비교시점 지표값: ${BASIS_TEXT[row.compareBasis ?? ''] ?? '-'}, 조정주기: ${row.comparePeriodMonths ?? '-'}개월`,
      `조정요건: 기준시점 대비 지표 변동률(상승·하락)이 ${decimalText(row.triggerPct)}% 이상일 때`,
      `연동 산식: 변경 단가 = 기준 단가 × (1 + 주요 원재료 비중 × 지표 변동률)`,
      ...(row.formulaNote ? [`산식 비고: ${row.formulaNote}`] : []),
    ],
  };
}

/** The answer as the contract's GET gives it: flat `linkage…` fields, the order's 하도급 kind and the default's origin. */
export async function contractLinkageFields(db: Db, c: ContractHead) {
  const [answer, subconKind] = await Promise.all([k.findContractLinkage(db, c.contractNo), contractSubconKind(db, c)]);
  return {
    subconKind,
    ...linkageView(answer ? { ...asRow(answer), indexName: answer.indexName, indexUnit: answer.indexUnit } : undefined),
    linkageCopiedFromKind: answer?.copiedFromKind ?? null,
    linkageCopiedFromNo: answer?.copiedFromNo ?? null,
  };
}

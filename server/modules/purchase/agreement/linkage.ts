/**
 * An agreement's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동"): the clause or the 미연동
 * agreement checked against the pure rules (server/domain/linkage.ts) and the agreement's own amount and period,
 * and whether a 하도급 agreement may be submitted without one. The agreement's command that stores it is
 * setAgreementLinkage (service.ts); this file holds what it and submitAgreement share.
 */
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import {
  checkLinkageAnswer,
  linkageGateErrors,
  linkageView,
  type LinkageFacts,
} from '../../../domain/linkage-answer.js';
import { jpyRate, lineAmount, toKrw, totalOf, type Currency } from '../../../domain/money.js';
import { subconKindOf, SUBCON_KIND_LABELS } from '../../../domain/subcontracting.js';
import { findSubconRules } from '../po/queries-subcon.js';
import { findAgreementLinkage, findLinkageIndex } from './queries-linkage.js';
import type { LinkageBody } from './schemas.js';

interface AgreementHead {
  agreementNo: string;
  compNo: string;
  currency: string;
  validFrom: string;
  validTo: string;
  ceilingAmount: string | null;
}
interface AgreementLineHead {
  sgCode: string | null;
  unitPrice: string;
  agreedQty: string | null;
}

/**
 * The 하도급 kind an agreement would give its call-offs by today's rules (`subcon_rule`, as an order of type PO:
 * a call-off is one), or null.
 */
export async function agreementSubconKind(db: Db, a: AgreementHead, lines: readonly AgreementLineHead[]) {
  const order = { poType: 'PO', compNo: a.compNo, sgCodes: lines.map((l) => l.sgCode) };
  return subconKindOf(await findSubconRules(db, order), order);
}

const SMALL_AMOUNT_UNFIXED = '소액 예외는 한도금액 또는 계약 수량으로 납품대금이 정해진 단가계약에만 적용됩니다';

/**
 * What the 소액 and 단기 exceptions are checked against: the amount the agreement commits to in won (its ceiling,
 * else the agreed quantities at the agreed prices; null when neither fixes it — a price-only line without a
 * ceiling) and its period in days, both ends counted.
 */
async function agreementFacts(db: Db, a: AgreementHead, lines: readonly AgreementLineHead[]): Promise<LinkageFacts> {
  const fixed = a.ceilingAmount !== null || lines.every((l) => l.agreedQty !== null);
  const currency = a.currency as Currency;
  const amount =
    a.ceilingAmount ?? totalOf(lines.map((l) => (l.agreedQty ? lineAmount(l.agreedQty, l.unitPrice, currency) : '0')));
  const rate = fixed && currency === 'JPY' ? await jpyRate(db) : null;
  const periodDays = Math.round((Date.parse(a.validTo) - Date.parse(a.validFrom)) / 86_400_000) + 1;
  return {
    amountKrw: fixed ? toKrw(amount, currency, rate) : null,
    periodDays,
    // An agreement always has its period (validFrom–validTo): no words for one unfixed are ever shown.
    unfixed: { amount: SMALL_AMOUNT_UNFIXED, period: '' },
  };
}

/** The row to store for the answer `b`, and the field errors (paths body/linkage…, the body's names). */
export async function checkLinkage(
  db: Db,
  a: AgreementHead,
  lines: readonly AgreementLineHead[],
  b: Static<typeof LinkageBody>,
) {
  return checkLinkageAnswer(b, await agreementFacts(db, a, lines), async (code) => {
    const index = await findLinkageIndex(db, code);
    return index?.useYn === 'Y';
  });
}

/**
 * Why a 하도급 agreement may not be submitted as it stands: no answer, or a 미연동 exception its amount or period
 * no longer allows (its lines changed after the answer). Empty: it may go.
 */
export async function linkageSubmitErrors(db: Db, a: AgreementHead, lines: readonly AgreementLineHead[]) {
  const kind = await agreementSubconKind(db, a, lines);
  if (kind === null) return [];
  return linkageGateErrors(
    await findAgreementLinkage(db, a.agreementNo),
    await agreementFacts(db, a, lines),
    `${SUBCON_KIND_LABELS[kind]} 하도급 단가계약은 납품대금 연동 약정 또는 미연동 합의를 입력한 뒤 상신할 수 있습니다 (상생협력법 제21조)`,
  );
}

/** The answer as the agreement's GET gives it: flat `linkage…` fields (all null: not answered). */
export async function linkageFields(db: Db, agreementNo: string) {
  return linkageView(await findAgreementLinkage(db, agreementNo));
}

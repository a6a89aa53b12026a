import type { Db } from '../../db/connect.js';
import { groupedDecimal } from '../../../lib/money.js';
import {
  companyFallbackEmail,
  companyNames,
  poForNotice,
  quotationsDueForReminder,
  rfqForNotice,
  settlementForNotice,
  supplierAccountsWithEmail,
  tenderForNotice,
} from './queries.js';
import { enqueueNotification, preferredLang, type NewNotification } from './outbox.js';
import { RESULT_WORDS, type Lang, type TemplateId, type TemplateParams } from './templates.js';

/**
 * The notices to suppliers (issue 15): RFQ invitation and deadline reminder, PO sent, settlement
 * confirmation request, supplier application result. Each is recorded in the outbox inside the
 * transaction of the action that causes it (notify.deliver sends it later), so it exists exactly
 * when the action committed and a mail problem never stops the action.
 *
 * Who receives a company's notice: the people who act on it in OGPMS — every enabled supplier
 * account of the company with an e-mail address, each in its own language. A company without
 * such an account gets it at its main contact's address, else at the company's address (Korean).
 * No address at all → nothing is recorded.
 */

interface Recipient {
  to: string;
  lang: Lang;
}

/**
 * The company's recipients; `only`: just these of its accounts (the people a notice concerns), the
 * company's fallback address when none of them has one.
 */
export async function companyRecipients(db: Db, compNo: string, only?: readonly string[]): Promise<Recipient[]> {
  const users = await supplierAccountsWithEmail(db, compNo);
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const u of users) {
    if (only && !only.includes(u.userId)) continue;
    const key = u.email!.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ to: u.email!, lang: await preferredLang(db, u.userId) });
  }
  if (out.length > 0) return out;
  const fallback = await companyFallbackEmail(db, compNo);
  return fallback ? [{ to: fallback, lang: 'ko' }] : [];
}

/** Records `template` for every recipient of the company; answers how many were recorded. */
export async function notifyCompany(
  db: Db,
  compNo: string,
  template: TemplateId,
  params: (lang: Lang) => TemplateParams,
  ref: NewNotification['ref'],
  only?: readonly string[],
): Promise<number> {
  const recipients = await companyRecipients(db, compNo, only);
  for (const r of recipients)
    await enqueueNotification(db, { channel: 'EMAIL', to: r.to, template, lang: r.lang, params: params(r.lang), ref });
  return recipients.length;
}

export async function companyName(db: Db, compNo: string, lang: Lang): Promise<string> {
  const c = await companyNames(db, compNo);
  if (!c) return compNo;
  return lang === 'en' && c.compNameEn ? c.compNameEn : c.compNameKr;
}

/** A moment as the suppliers read it: Korean time, minutes. */
export function kstMinute(at: Date): string {
  return `${new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} (KST)`;
}

const grouped = (amount: string | number, lang: Lang) =>
  Number(amount).toLocaleString(lang === 'en' ? 'en-US' : 'ko-KR', { maximumFractionDigits: 2 });

/** RFQ issued: each invited supplier is asked to quote. Called in the RFQ's creating transaction. */
export async function notifyRfqInvitations(db: Db, rfqNo: string, compNos: readonly string[]): Promise<number> {
  const rfq = await rfqForNotice(db, rfqNo);
  let count = 0;
  for (const compNo of compNos) {
    const names = { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
    count += await notifyCompany(
      db,
      compNo,
      'rfq.invitation',
      (lang) => ({ rfqNo, title: rfq.title, deadline: kstMinute(new Date(rfq.deadline)), company: names[lang] }),
      { entity: 'quotation', key: `${rfqNo}/${compNo}` },
    );
  }
  return count;
}

/** How long before the deadline a supplier that has not quoted is reminded. */
const RFQ_REMINDER_HOURS = 24;

/**
 * The deadline reminder: every supplier of an open request that closes within the next
 * RFQ_REMINDER_HOURS and has not submitted (quotation REQUESTED or CHECKED) is reminded once.
 * "Once" is read from the outbox itself (a 'rfq.deadline' notice for that quotation), so a run
 * repeated or racing another server's (the job runner already runs one at a time) sends nothing twice.
 * One transaction per run.
 */
export async function remindRfqDeadlines(db: Db, now: Date): Promise<{ reminded: number; notices: number }> {
  return db.transaction().execute(async (trx) => {
    const until = new Date(now.getTime() + RFQ_REMINDER_HOURS * 3600_000);
    const due = await quotationsDueForReminder(trx, now, until);
    let notices = 0;
    let reminded = 0;
    for (const q of due) {
      const sent = await notifyCompany(
        trx,
        q.compNo,
        'rfq.deadline',
        () => ({ rfqNo: q.rfqNo, title: q.title, deadline: kstMinute(new Date(q.deadline)) }),
        { entity: 'quotation', key: `${q.rfqNo}/${q.compNo}` },
      );
      notices += sent;
      if (sent > 0) reminded++;
    }
    return { reminded, notices };
  });
}

/** A purchase order (or small order) has been sent to its supplier. Called in the sending transaction. */
export async function notifyPoSent(db: Db, poNo: string): Promise<number> {
  const po = await poForNotice(db, poNo);
  const names = { ko: await companyName(db, po.compNo, 'ko'), en: await companyName(db, po.compNo, 'en') };
  return notifyCompany(
    db,
    po.compNo,
    'po.sent',
    (lang) => ({
      poNo,
      title: po.title,
      company: names[lang],
      amount: grouped(String(po.totalAmount), lang),
      currency: po.currency,
    }),
    { entity: 'po_header', key: poNo },
  );
}

/** What a change order changed, one entry of its diff (po_revision.diff). */
export interface PoChangeEntry {
  field: string;
  lineNo: number | null;
  before: string | null;
  after: string | null;
}

const CHANGE_WORDS: Record<Lang, Record<string, string>> = {
  ko: {
    dueDate: '납기일',
    quantity: '수량',
    unitPrice: '단가',
    deliveryDate: '품목 납기일',
    totalAmount: '발주금액',
    line: '품목',
  },
  en: {
    dueDate: 'Due date',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    deliveryDate: 'Delivery date',
    totalAmount: 'Order amount',
    line: 'Line',
  },
};

/** One line per change: "- 2번 품목 수량: 10 → 12", "- 발주금액: 1,398,000 → 1,566,000". */
function changeLines(diff: readonly PoChangeEntry[], lang: Lang): string {
  const value = (field: string, v: string | null) =>
    v === null
      ? lang === 'ko'
        ? '없음'
        : 'none'
      : ['quantity', 'unitPrice', 'totalAmount'].includes(field)
        ? groupedDecimal(v)
        : v;
  return diff
    .map((d) => {
      const name = CHANGE_WORDS[lang][d.field] ?? d.field;
      const where = d.lineNo === null ? '' : lang === 'ko' ? `${d.lineNo}번 품목 ` : `line ${d.lineNo} `;
      const label =
        d.field === 'line' ? (lang === 'ko' ? `${d.lineNo}번 품목` : `Line ${d.lineNo}`) : `${where}${name}`;
      return `- ${label}: ${value(d.field, d.before)} → ${value(d.field, d.after)}`;
    })
    .join('\n');
}

/**
 * A change order of a sent PO is in force: its supplier is told it is a change (revision n and what
 * changed), not a new order, and acknowledges it again. Called in the change's transaction.
 */
export async function notifyPoChanged(
  db: Db,
  poNo: string,
  change: { revision: number; diff: readonly PoChangeEntry[]; reason: string },
): Promise<number> {
  const po = await poForNotice(db, poNo);
  const names = { ko: await companyName(db, po.compNo, 'ko'), en: await companyName(db, po.compNo, 'en') };
  return notifyCompany(
    db,
    po.compNo,
    'po.changed',
    (lang) => ({
      poNo,
      title: po.title,
      company: names[lang],
      revision: String(change.revision),
      changes: changeLines(change.diff, lang),
      reason: change.reason,
      amount: grouped(String(po.totalAmount), lang),
      currency: po.currency,
    }),
    { entity: 'po_header', key: poNo },
  );
}

/** A monthly settlement is put to its supplier for confirmation. Called in that transaction. */
export async function notifySettlementConfirmRequest(db: Db, settleNo: string): Promise<number> {
  const s = await settlementForNotice(db, settleNo);
  const names = { ko: await companyName(db, s.compNo, 'ko'), en: await companyName(db, s.compNo, 'en') };
  const period = `${s.period.slice(0, 4)}-${s.period.slice(4, 6)}`;
  return notifyCompany(
    db,
    s.compNo,
    'settlement.confirm',
    (lang) => ({ period, company: names[lang], amount: grouped(String(s.totalAmount), lang) }),
    { entity: 'settlement', key: settleNo },
  );
}

export interface SupplierApplicationResult {
  /** The application's key (its number), recorded as the notice's document. */
  applicationNo: string;
  /** The applicant's e-mail address as given on the application. */
  email: string;
  /** The applying company's name as given on the application. */
  companyName: string;
  approved: boolean;
  /** Why (required in practice for a rejection); "-" when none. */
  reason: string | null;
  lang?: Lang;
}

/**
 * The result of a supplier (registration) application, to the applicant. For the approval and
 * rejection of the supplier application flow to call in its own transaction; the applicant has
 * no account yet, so the address is the one on the application. Answers the notice's id.
 */
export async function notifySupplierApplicationResult(db: Db, a: SupplierApplicationResult): Promise<number> {
  const lang = a.lang ?? 'ko';
  const result = RESULT_WORDS[a.approved ? 'APPROVED' : 'REJECTED'][lang];
  const reason = a.reason && a.reason.trim() !== '' ? a.reason.trim() : '-';
  return enqueueNotification(db, {
    channel: 'EMAIL',
    to: a.email,
    template: 'supplier.application',
    lang,
    params: { company: a.companyName, result, reason },
    ref: { entity: 'supplier_application', key: a.applicationNo },
  });
}

/** A published tender: each invited supplier is told the window. Called in the publishing transaction. */
export async function notifyTenderInvitations(db: Db, tenderNo: string, compNos: readonly string[]): Promise<number> {
  const t = await tenderForNotice(db, tenderNo);
  let count = 0;
  for (const compNo of compNos) {
    const names = { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
    count += await notifyCompany(
      db,
      compNo,
      'tender.invitation',
      (lang) => ({
        tenderNo,
        title: t.title,
        openAt: kstMinute(new Date(t.openAt)),
        closeAt: kstMinute(new Date(t.closeAt)),
        company: names[lang],
      }),
      { entity: 'tender_bid', key: `${tenderNo}/${compNo}` },
    );
  }
  return count;
}

const TENDER_RESULT: Record<Lang, { won: string; lost: string }> = {
  ko: { won: '낙찰', lost: '유찰(미낙찰)' },
  en: { won: 'awarded to you', lost: 'not awarded to you' },
};

/** An awarded tender: every bidder learns whether it won — never a price, its own or another's. Called in the award's transaction. */
export async function notifyTenderResult(db: Db, tenderNo: string, compNo: string, won: boolean): Promise<number> {
  const t = await tenderForNotice(db, tenderNo);
  const names = { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
  return notifyCompany(
    db,
    compNo,
    'tender.result',
    (lang) => ({
      tenderNo,
      title: t.title,
      result: won ? TENDER_RESULT[lang].won : TENDER_RESULT[lang].lost,
      company: names[lang],
    }),
    { entity: 'tender_bid', key: `${tenderNo}/${compNo}` },
  );
}

/**
 * Bidding on a published tender has opened: each invited supplier is told, with the close. Called
 * once, in the transaction that moves the tender to OPEN (the tender clock's, or a write's that got
 * there first) — not when the tender was published inside its window: its invitation said so.
 */
export async function notifyTenderOpened(db: Db, tenderNo: string, compNos: readonly string[]): Promise<number> {
  const t = await tenderForNotice(db, tenderNo);
  let count = 0;
  for (const compNo of compNos) {
    const names = { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
    count += await notifyCompany(
      db,
      compNo,
      'tender.opened',
      (lang) => ({ tenderNo, title: t.title, closeAt: kstMinute(new Date(t.closeAt)), company: names[lang] }),
      { entity: 'tender_bid', key: `${tenderNo}/${compNo}` },
    );
  }
  return count;
}

/** The closing reminder to an invited supplier that has not bid: the close, and the hours of the lead it is sent at. Called in the reminder's transaction. */
export async function notifyTenderClosing(
  db: Db,
  tenderNo: string,
  compNo: string,
  hoursLeft: number,
): Promise<number> {
  const t = await tenderForNotice(db, tenderNo);
  const names = { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
  return notifyCompany(
    db,
    compNo,
    'tender.closing',
    (lang) => ({ tenderNo, title: t.title, closeAt: kstMinute(new Date(t.closeAt)), hoursLeft, company: names[lang] }),
    { entity: 'tender_bid', key: `${tenderNo}/${compNo}` },
  );
}

/** An electronic contract is sent to its supplier for signature. Called in that transaction. */
export async function notifyContractSent(
  db: Db,
  c: { contractNo: string; compNo: string; title: string; totalAmount: string; signDeadline: string },
): Promise<number> {
  const names = { ko: await companyName(db, c.compNo, 'ko'), en: await companyName(db, c.compNo, 'en') };
  return notifyCompany(
    db,
    c.compNo,
    'contract.sent',
    (lang) => ({
      contractNo: c.contractNo,
      title: c.title,
      company: names[lang],
      amount: grouped(c.totalAmount, lang),
      deadline: c.signDeadline,
    }),
    { entity: 'econtract', key: c.contractNo },
  );
}

/**
 * The signing deadline is near and it is the supplier's turn: the company's users who sign it are
 * reminded — `signers`, the contract's named signer or else the accounts allowed to sign (the
 * contracts' reminder job, once per threshold, in the transaction that records it). None of them
 * with an address: the company's fallback address.
 */
export async function notifyContractReminder(
  db: Db,
  c: { contractNo: string; compNo: string; title: string; signDeadline: string; daysLeft: number },
  signers: readonly string[],
): Promise<number> {
  const names = { ko: await companyName(db, c.compNo, 'ko'), en: await companyName(db, c.compNo, 'en') };
  return notifyCompany(
    db,
    c.compNo,
    'contract.reminder',
    (lang) => ({
      contractNo: c.contractNo,
      title: c.title,
      company: names[lang],
      deadline: c.signDeadline,
      daysLeft: c.daysLeft,
    }),
    { entity: 'econtract', key: c.contractNo },
    signers,
  );
}

/**
 * The buyer asked for the supplier's invoice (역발행 요청): every user of the supplier with an address is told what
 * to issue and by when, in the transaction that records the request.
 */
export async function notifyTaxInvoiceRequested(
  db: Db,
  inv: { compNo: string; mgtKey: string; settleNo: string; period: string; totalAmount: string; deadline: string },
): Promise<number> {
  const names = { ko: await companyName(db, inv.compNo, 'ko'), en: await companyName(db, inv.compNo, 'en') };
  const period = /^\d{6}$/.test(inv.period) ? `${inv.period.slice(0, 4)}-${inv.period.slice(4, 6)}` : inv.period;
  return notifyCompany(
    db,
    inv.compNo,
    'taxInvoice.reverseRequest',
    (lang) => ({
      company: names[lang],
      period,
      mgtKey: inv.mgtKey,
      settleNo: inv.settleNo,
      amount: grouped(inv.totalAmount, lang),
      deadline: inv.deadline,
    }),
    { entity: 'tax_invoice', key: inv.mgtKey },
  );
}

/** What was refused, as the notice says it, and what happens next (docs/tax-invoices.md "The supplier is told"). */
const REFUSAL_WORDS = {
  REFUSED: {
    ko: { what: '역발행 요청 거부', next: '구매사가 사유를 확인한 뒤 다시 요청하거나 요청을 취소합니다.' },
    en: {
      what: 'reverse-issue request refused',
      next: 'The buyer reads the reason and asks again or withdraws the request.',
    },
  },
  NTS_FAILED: {
    ko: { what: '국세청 전송 실패', next: '발행하신 세금계산서를 국세청에 다시 전송하세요.' },
    en: { what: 'refused by the National Tax Service', next: 'Send the invoice you issued to the NTS again.' },
  },
  INTAKE_REFUSED: {
    ko: { what: '구매사 접수 거부', next: '내용을 바로잡은 세금계산서를 다시 보내 주세요.' },
    en: { what: 'not accepted by the buyer', next: 'Send the invoice again once corrected.' },
  },
} as const;

/**
 * A supplier's tax invoice was refused — a 역발행 request refused (in /cyber or at the provider), a transmission the NTS refused, or
 * an invoice the buyer would not take in — and every user of the supplier with an address is told why, with the
 * amounts, in the transaction that records the refusal (the intake's refusal: in one of its own, as the intake's
 * own writes are rolled back).
 */
export async function notifyTaxInvoiceRefused(
  db: Db,
  n: {
    compNo: string;
    kind: keyof typeof REFUSAL_WORDS;
    /** The document as the supplier knows it: its approval number, else our management key. */
    document: string;
    settleNo: string | null;
    reason: string;
    supply: string | bigint;
    tax: string | bigint;
  },
): Promise<number> {
  const names = { ko: await companyName(db, n.compNo, 'ko'), en: await companyName(db, n.compNo, 'en') };
  const total = (BigInt(String(n.supply)) + BigInt(String(n.tax))).toString();
  const amounts = (lang: Lang) =>
    lang === 'en'
      ? `supply KRW ${grouped(String(n.supply), lang)}, VAT KRW ${grouped(String(n.tax), lang)}, total KRW ${grouped(total, lang)}`
      : `공급가액 ${grouped(String(n.supply), lang)}원, 세액 ${grouped(String(n.tax), lang)}원, 합계 ${grouped(total, lang)}원`;
  return notifyCompany(
    db,
    n.compNo,
    'taxInvoice.refused',
    (lang) => ({
      company: names[lang],
      document: n.document,
      settleNo: n.settleNo ?? '-',
      what: REFUSAL_WORDS[n.kind][lang].what,
      reason: n.reason.trim() || '-',
      amounts: amounts(lang),
      next: REFUSAL_WORDS[n.kind][lang].next,
    }),
    { entity: 'tax_invoice', key: n.document },
  );
}

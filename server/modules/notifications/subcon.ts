/**
 * Notices of the 하도급 price duties (docs/subcontracting.md "Notices"): a 연동 조정 제안 written (상생협력법 §21), a
 * 납품대금 조정협의 request, the buyer's answer to it and its clocks nearing their day (§22의2, 하도급법 §16의2). Each
 * is recorded in the outbox in the transaction of what causes it (notify.deliver sends it), as every notice is.
 * A supplier's notice goes to its own company's accounts only (notifyCompany); a staff notice to the person by
 * employee number (notifyEmployee), in each one's language.
 */
import type { Db } from '../../db/connect.js';
import { PURCHASING_MANAGER_GROUPS } from '../../domain/actor.js';
import { groupedDecimal } from '../../../lib/money.js';
import { notifyEmployee } from './outbox.js';
import {
  contractProposalForNotice,
  coordinationForNotice,
  coordinationManagers,
  linkageProposalForNotice,
} from './queries-subcon.js';
import { companyName, notifyCompany } from './supplier.js';
import type { Lang } from './templates.js';

/** The screen a purchasing manager answers requests on: holding write on it makes one a recipient. */
const COORDINATION_SCREEN = '/priceCoordinationList';

async function namesOf(db: Db, compNo: string): Promise<Record<Lang, string>> {
  return { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
}

/** The document a request names, as a notice says it: 단가계약 A… / 발주 P… (agreement A… / order P…). */
const targetWords = (c: { targetKind: string; agreementNo: string | null; poNo: string | null }, lang: Lang) =>
  c.targetKind === 'ORDER'
    ? `${lang === 'ko' ? '발주' : 'order'} ${c.poNo}`
    : `${lang === 'ko' ? '단가계약' : 'agreement'} ${c.agreementNo}`;

/** Each staff member once, however many roles name them; answers how many had an address. */
async function notifyStaff(
  singleids: readonly string[],
  send: (singleid: string) => Promise<boolean>,
): Promise<number> {
  let n = 0;
  for (const id of new Set(singleids)) if (await send(id)) n++;
  return n;
}

/** What a proposal notice reads, from either document's proposal (the agreement's or the e-contract's). */
interface ProposalForNotice {
  compNo: string;
  buyerId: string;
  title: string;
  indexName: string;
  unit: string;
  baseValue: string;
  compareValue: string;
  changePct: string;
  triggerPct: string;
  effectiveFrom: string;
}

/**
 * A 연동 조정 제안 was written by a job: the document's buyer is asked to decide it, and the supplier's users learn of
 * it (the decision is the buyer's; the supplier reads it on its document). `doc` names the document in the texts,
 * `template` the notices' key (`<template>.proposed`, `<template>.proposed.buyer`). Called in the proposal's
 * transaction.
 */
async function notifyProposed(
  db: Db,
  proposalNo: string,
  p: ProposalForNotice,
  doc: { agreementNo: string } | { contractNo: string },
  template: 'linkage' | 'contractLinkage',
  entity: string,
): Promise<{ buyer: number; supplier: number }> {
  const names = await namesOf(db, p.compNo);
  // The unit after the values, not the name: the particle after the index reads its name (현물가가, not 톤이).
  const numbers = {
    proposalNo,
    ...doc,
    title: p.title,
    index: p.indexName,
    baseValue: `${groupedDecimal(p.baseValue)} ${p.unit}`,
    compareValue: `${groupedDecimal(p.compareValue)} ${p.unit}`,
    changePct: groupedDecimal(p.changePct),
    effectiveFrom: p.effectiveFrom,
  };
  const ref = { entity, key: proposalNo };
  const buyer = Number(
    await notifyEmployee(
      db,
      p.buyerId,
      `${template}.proposed.buyer`,
      (lang) => ({ ...numbers, company: names[lang], triggerPct: groupedDecimal(p.triggerPct) }),
      ref,
    ),
  );
  const supplier = await notifyCompany(
    db,
    p.compNo,
    `${template}.proposed`,
    (lang) => ({ ...numbers, company: names[lang] }),
    ref,
  );
  return { buyer, supplier };
}

/** An agreement's 연동 조정 제안: its buyer decides, its supplier reads it on the agreement. */
export async function notifyLinkageProposed(db: Db, proposalNo: string): Promise<{ buyer: number; supplier: number }> {
  const p = await linkageProposalForNotice(db, proposalNo);
  return notifyProposed(db, proposalNo, p, { agreementNo: p.agreementNo }, 'linkage', 'linkage_proposal');
}

/** An e-contract's 연동 조정 제안: the order's buyer decides (accepting draws up an amendment), the supplier reads it. */
export async function notifyContractLinkageProposed(
  db: Db,
  proposalNo: string,
): Promise<{ buyer: number; supplier: number }> {
  const p = await contractProposalForNotice(db, proposalNo);
  return notifyProposed(
    db,
    proposalNo,
    p,
    { contractNo: p.contractNo },
    'contractLinkage',
    'contract_linkage_proposal',
  );
}

const DECISION_WORDS: Record<Lang, { ACCEPTED: string; REJECTED: string }> = {
  ko: { ACCEPTED: '수락', REJECTED: '반려' },
  en: { ACCEPTED: 'accepted', REJECTED: 'rejected' },
};

/**
 * The buyer accepted (an amendment drawn up, to be signed) or rejected (with the reason) a contract's 연동 조정 제안:
 * the supplier's own users are told. Called in the decision's transaction, after it is written.
 */
export async function notifyContractLinkageDecided(db: Db, proposalNo: string): Promise<number> {
  const p = await contractProposalForNotice(db, proposalNo);
  if (p.status === 'PROPOSED') return 0;
  const decision = p.status as 'ACCEPTED' | 'REJECTED';
  const names = await namesOf(db, p.compNo);
  const detail = (lang: Lang) =>
    decision === 'ACCEPTED'
      ? lang === 'ko'
        ? `제안 단가로 변경계약 ${p.amendmentNo}이(가) 작성되었습니다. 변경계약에 서명하여 체결되면 발주 단가가 바뀝니다.`
        : `Amendment ${p.amendmentNo} at the proposed prices was drawn up; the order's prices change once it is signed.`
      : lang === 'ko'
        ? `반려 사유: ${p.rejectReason}`
        : `Reason: ${p.rejectReason}`;
  return notifyCompany(
    db,
    p.compNo,
    'contractLinkage.decided',
    (lang) => ({
      proposalNo,
      contractNo: p.contractNo,
      title: p.title,
      company: names[lang],
      decision: DECISION_WORDS[lang][decision],
      detail: detail(lang),
    }),
    { entity: 'contract_linkage_proposal', key: proposalNo },
  );
}

/**
 * A supplier asked for 납품대금 조정협의: the agreement's or order's buyer and the purchasing managers who answer requests (write
 * on 납품대금 조정협의) are told, with the two due dates. Called in the request's transaction, through a handle that
 * may read staff (the caller is the supplier).
 */
export async function notifyCoordinationRequested(
  db: Db,
  coordinationNo: string,
  due: { talksDue: string; agreementDue: string },
): Promise<number> {
  const c = await coordinationForNotice(db, coordinationNo);
  const names = await namesOf(db, c.compNo);
  const managers = await coordinationManagers(db, PURCHASING_MANAGER_GROUPS, COORDINATION_SCREEN);
  return notifyStaff([c.buyerId, ...managers], (singleid) =>
    notifyEmployee(
      db,
      singleid,
      'coordination.requested',
      (lang) => ({
        coordinationNo,
        target: targetWords(c, lang),
        title: c.title,
        company: names[lang],
        reason: c.reason,
        requestedChange: c.requestedChange,
        ...due,
      }),
      { entity: 'price_coordination', key: coordinationNo },
    ),
  );
}

/**
 * The supplier withdrew its request: the agreement's or order's buyer is told, so nobody keeps working to a clock that stopped.
 * Called in the withdrawal's transaction, through a handle that may read staff (the caller is the supplier).
 */
export async function notifyCoordinationWithdrawn(
  db: Db,
  coordinationNo: string,
  withdrawnOn: string,
): Promise<number> {
  const c = await coordinationForNotice(db, coordinationNo);
  const names = await namesOf(db, c.compNo);
  return notifyStaff([c.buyerId], (singleid) =>
    notifyEmployee(
      db,
      singleid,
      'coordination.withdrawn',
      (lang) => ({ coordinationNo, target: targetWords(c, lang), title: c.title, company: names[lang], withdrawnOn }),
      { entity: 'price_coordination', key: coordinationNo },
    ),
  );
}

type CoordinationAnswer = 'startTalks' | 'agree' | 'fail';

const ANSWER_WORDS: Record<Lang, Record<CoordinationAnswer, string>> = {
  ko: { startTalks: '협의 개시', agree: '합의', fail: '결렬' },
  en: { startTalks: 'talks started', agree: 'agreed', fail: 'failed' },
};

function answerDetail(
  step: CoordinationAnswer,
  c: { targetKind: string; talksStartedOn: string | null; outcome: string | null; failReason: string | null },
  lang: Lang,
): string {
  const order = c.targetKind === 'ORDER';
  if (step === 'startTalks')
    return lang === 'ko'
      ? `협의 개시일: ${c.talksStartedOn}\n요청일로부터 30일 안에 합의하지 못하면 분쟁조정을 신청할 수 있습니다.`
      : `Talks started on: ${c.talksStartedOn}\nWithout agreement within 30 days of the request, either side may apply for mediation.`;
  if (step === 'agree')
    return lang === 'ko'
      ? `합의 내용: ${c.outcome}\n단가 변경은 ${order ? '발주의 변경발주로' : '단가계약의 단가 변경으로'} 반영됩니다.`
      : `Agreed: ${c.outcome}\nNew prices are written as ${order ? 'a change order of the order' : 'a price change of the agreement'}.`;
  return lang === 'ko'
    ? `결렬 사유: ${c.failReason}\n분쟁조정(하도급분쟁조정협의회 또는 중소벤처기업부)을 신청할 수 있습니다.`
    : `Reason: ${c.failReason}\nYou may apply for mediation (the subcontracting dispute mediation council, or the Ministry of SMEs and Startups).`;
}

/**
 * The buyer recorded 협의 개시, 합의 or 결렬: the supplier's own users are told, with the day, what was agreed or
 * why the talks failed. Called in the step's transaction, after the step is written.
 */
export async function notifyCoordinationAnswered(
  db: Db,
  coordinationNo: string,
  step: CoordinationAnswer,
): Promise<number> {
  const c = await coordinationForNotice(db, coordinationNo);
  const names = await namesOf(db, c.compNo);
  return notifyCompany(
    db,
    c.compNo,
    'coordination.answered',
    (lang) => ({
      coordinationNo,
      target: targetWords(c, lang),
      title: c.title,
      company: names[lang],
      step: ANSWER_WORDS[lang][step],
      detail: answerDetail(step, c, lang),
    }),
    { entity: 'price_coordination', key: coordinationNo },
  );
}

type CoordinationClock = 'talks' | 'outcome';

const CLOCK_WORDS: Record<Lang, Record<CoordinationClock, { what: string; duty: string }>> = {
  ko: {
    talks: {
      what: '협의 개시',
      duty: '요청일로부터 10일 안에 협의를 시작해야 합니다(상생협력법 제22조의2, 하도급법 제16조의2). 시작하지 않으면 협력사는 분쟁조정을 신청할 수 있습니다.',
    },
    outcome: {
      what: '합의',
      duty: '요청일로부터 30일 안에 합의하지 못하면 협력사는 분쟁조정을 신청할 수 있습니다(상생협력법 제22조의2, 하도급법 제16조의2). 합의 또는 결렬을 기록하세요.',
    },
  },
  en: {
    talks: {
      what: 'the start of talks',
      duty: 'Talks must start within 10 days of the request (Win-Win Cooperation Act art. 22-2, Subcontracting Act art. 16-2); otherwise the supplier may apply for mediation.',
    },
    outcome: {
      what: 'an outcome',
      duty: 'Without agreement within 30 days of the request the supplier may apply for mediation (Win-Win Cooperation Act art. 22-2, Subcontracting Act art. 16-2). Record the agreement or the failure.',
    },
  },
};

const leftWords = (daysLeft: number, lang: Lang) =>
  daysLeft <= 0
    ? lang === 'ko'
      ? '오늘까지'
      : 'due today'
    : lang === 'ko'
      ? `${daysLeft}일 남음`
      : `${daysLeft} day(s) left`;

/**
 * A clock of a request nears its day (coordination/reminders.ts decides when, and that it is once): the agreement's or order's
 * buyer is told what is due by when. Answers whether the buyer had an address.
 */
export async function notifyCoordinationDue(
  db: Db,
  coordinationNo: string,
  clock: CoordinationClock,
  due: { date: string; daysLeft: number },
): Promise<boolean> {
  const c = await coordinationForNotice(db, coordinationNo);
  const names = await namesOf(db, c.compNo);
  return notifyEmployee(
    db,
    c.buyerId,
    'coordination.due',
    (lang) => ({
      coordinationNo,
      target: targetWords(c, lang),
      title: c.title,
      company: names[lang],
      requestedOn: c.requestedOn,
      what: CLOCK_WORDS[lang][clock].what,
      due: due.date,
      left: leftWords(due.daysLeft, lang),
      duty: CLOCK_WORDS[lang][clock].duty,
    }),
    { entity: 'price_coordination', key: coordinationNo },
  );
}

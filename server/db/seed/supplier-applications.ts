import crypto from 'node:crypto';
import { sql } from 'kysely';
import { businessNumberCheckDigit } from '../../../lib/business-number.js';
import { corporateNumberCheckDigit } from '../../../lib/corporate-number.js';
import type { Db } from '../connect.js';
import { insertAll } from './insert.js';
import { anchorDate, pad } from './rng.js';
import type { Suppliers } from './suppliers.js';

/**
 * Supplier applications (docs/suppliers.md "Application") in every state, and their registration
 * evaluations: approved (the company and user the seed already has), rejected by review, rejected by
 * a failed evaluation, under review (user pending; user approved with the evaluation open), a new
 * user for C00001, drafts and an expired draft. Nobody knows the seeded secrets (random hashes), so
 * the drafts show in the lists but cannot be resumed. Drafts expire seven days from the moment the
 * seed ran, so they read as drafts on first start.
 */
const at = (days: number, hour: number) => `${anchorDate(days)}T${pad(hour, 2)}:00:00+09:00`;

interface Plan {
  status: 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'EXPIRED';
  step: number;
  name: string;
  ceo: string;
  user: string;
  userDecision: 'PENDING' | 'APPROVED' | 'REJECTED';
  evaluation: null | {
    status: 'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED';
    score: number | null;
    checks: number;
    failReason?: string;
  };
  rejectReason?: string;
  applyType?: 'NEW_USER';
  daysAgo: number;
}

const PLANS: readonly Plan[] = [
  {
    status: 'APPROVED',
    step: 3,
    name: '',
    ceo: '',
    user: '',
    userDecision: 'APPROVED',
    evaluation: { status: 'PASSED', score: 88, checks: 5 },
    daysAgo: 40,
  },
  {
    status: 'REJECTED',
    step: 3,
    name: '㈜한결테크',
    ceo: '오한결',
    user: 'hangyeol01',
    userDecision: 'REJECTED',
    evaluation: { status: 'CANCELLED', score: null, checks: 1 },
    rejectReason: '사업자등록증 사본 식별 불가 — 선명한 사본으로 다시 신청하세요',
    daysAgo: 25,
  },
  {
    status: 'REJECTED',
    step: 3,
    name: '대성물산',
    ceo: '김대성',
    user: 'daesung01',
    userDecision: 'APPROVED',
    evaluation: { status: 'FAILED', score: 58, checks: 4, failReason: '신용등급 미달 (CCC)' },
    rejectReason: '등록평가 불합격: 신용등급 미달 (CCC)',
    daysAgo: 18,
  },
  {
    status: 'SUBMITTED',
    step: 3,
    name: '㈜세움공구',
    ceo: '박세움',
    user: 'seum01',
    userDecision: 'PENDING',
    evaluation: { status: 'OPEN', score: null, checks: 0 },
    daysAgo: 3,
  },
  {
    status: 'SUBMITTED',
    step: 3,
    name: '그린포장㈜',
    ceo: '이그린',
    user: 'greenpack01',
    userDecision: 'APPROVED',
    evaluation: { status: 'OPEN', score: 72, checks: 3 },
    daysAgo: 6,
  },
  {
    status: 'SUBMITTED',
    step: 3,
    name: '',
    ceo: '',
    user: 'c1buyer02',
    userDecision: 'PENDING',
    evaluation: null,
    applyType: 'NEW_USER',
    daysAgo: 2,
  },
  {
    status: 'SUBMITTED',
    step: 3,
    name: '㈜미래안전',
    ceo: '최미래',
    user: 'miraesafe',
    userDecision: 'PENDING',
    evaluation: { status: 'OPEN', score: null, checks: 2 },
    daysAgo: 1,
  },
  {
    status: 'DRAFT',
    step: 2,
    name: '우리전기㈜',
    ceo: '정우리',
    user: '',
    userDecision: 'PENDING',
    evaluation: null,
    daysAgo: 1,
  },
  { status: 'DRAFT', step: 1, name: '', ceo: '', user: '', userDecision: 'PENDING', evaluation: null, daysAgo: 0 },
  { status: 'EXPIRED', step: 1, name: '', ceo: '', user: '', userDecision: 'PENDING', evaluation: null, daysAgo: 12 },
];

export async function seedSupplierApplications(trx: Db, suppliers: Suppliers): Promise<void> {
  const year = anchorDate(0).slice(0, 4);
  const used = new Set(suppliers.companies.map((c) => c.taxNo));
  let n = 7000;
  const taxNo = () => {
    for (;;) {
      const first9 = `${pad(n++, 4)}${pad((n * 37) % 100000, 5)}`;
      const t = `${first9}${businessNumberCheckDigit(first9)}`;
      if (!used.has(t)) return t;
    }
  };
  const corp = (i: number) => {
    const first12 = `110111${pad(500000 + i * 7919, 6)}`;
    return `${first12}${corporateNumberCheckDigit(first12)}`;
  };
  const cats = await sql<{
    catCode: string;
  }>`select cat_code as "catCode" from item_category where depth = 1 and use_yn = 'Y' order by cat_code limit 3`.execute(
    trx,
  );
  const terms = await trx
    .selectFrom('applyTerms')
    .select(['kind', 'version'])
    .orderBy('effectiveFrom', 'desc')
    .execute();
  const termsVersion = terms.find((t) => t.kind === 'TERMS')!.version;
  const privacyVersion = terms.find((t) => t.kind === 'PRIVACY')!.version;
  // The approved application is the one behind the seed's last trading supplier and its first user.
  const approvedCompany = [...suppliers.companies].reverse().find((c) => c.status === 'ACTIVE')!;
  const approvedUser = suppliers.users.find((u) => u.compNo === approvedCompany.compNo);
  const c1 = suppliers.companies.find((c) => c.compNo === 'C00001')!;

  const apps = [];
  const categories: Array<{ receiptNo: string; catCode: string }> = [];
  const evaluations = [];
  const audit = [];
  for (const [i, p] of PLANS.entries()) {
    const receiptNo = `SA${year}-${pad(i + 1, 6)}`;
    const created = at(-p.daysAgo, 9 + (i % 8));
    const submitted = p.step === 3 ? at(-p.daysAgo, 10 + (i % 8)) : null;
    const approved = p.status === 'APPROVED';
    const newUser = p.applyType === 'NEW_USER';
    const company = approved
      ? {
          taxNo: approvedCompany.taxNo,
          corpNo: null,
          compNameKr: approvedCompany.compNameKr,
          ceoName: approvedCompany.ceoName,
          compNo: approvedCompany.compNo,
        }
      : newUser
        ? { taxNo: c1.taxNo, corpNo: null, compNameKr: null, ceoName: null, compNo: 'C00001' }
        : p.step >= 2
          ? { taxNo: taxNo(), corpNo: corp(i), compNameKr: p.name, ceoName: p.ceo, compNo: null }
          : { taxNo: null, corpNo: null, compNameKr: null, ceoName: null, compNo: null };
    const user =
      approved && approvedUser
        ? approvedUser
        : p.user
          ? {
              userId: p.user,
              hname: `${p.ceo || '김신청'}`,
              email: `${p.user}@apply.example`,
              cellPhoneNo: `010-7${pad(i, 3)}-${pad(1000 + i * 17, 4)}`,
              phoneNo: null,
            }
          : null;
    const decided = p.status === 'APPROVED' || p.status === 'REJECTED' ? at(-p.daysAgo + 5, 15) : null;
    apps.push({
      receiptNo,
      applyType: newUser ? ('NEW_USER' as const) : ('NEW_COMPANY' as const),
      secretHash: crypto.createHash('sha256').update(`seed:${receiptNo}:${crypto.randomUUID()}`).digest('hex'),
      status: p.status,
      step: p.step,
      termsVersion,
      privacyVersion,
      consentedAt: created,
      ...company,
      compNameEn: null,
      zipCode: company.compNameKr && !approved ? '06236' : null,
      address: company.compNameKr && !approved ? '서울특별시 강남구 테헤란로 152' : null,
      bizType: company.compNameKr && !approved ? '도소매' : null,
      bizItem: company.compNameKr && !approved ? '산업용품' : null,
      phoneNo: null,
      bankCode: company.compNameKr && !approved ? '004' : null,
      bankAccount:
        company.compNameKr && !approved ? `${pad(100 + i, 3)}-${pad(2000 + i, 4)}-${pad(30000 + i, 6)}` : null,
      bankHolder: company.compNameKr && !approved ? company.compNameKr : null,
      userId: user?.userId ?? null,
      hname: user?.hname ?? null,
      userPhoneNo: user?.phoneNo ?? null,
      cellPhoneNo: user?.cellPhoneNo ?? null,
      email: user?.email ?? null,
      // Submitted applications waiting for review hold an (unknown) password hash; decided ones hold none.
      passwordHash:
        p.status === 'SUBMITTED'
          ? '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWRzZWVk$seededhashnotusable0000000000000000000000'
          : null,
      phoneVerifiedAt: submitted,
      submittedAt: submitted,
      userDecision: p.userDecision,
      userDecidedBy: p.userDecision === 'PENDING' ? null : 'opadmin',
      userDecidedAt: p.userDecision === 'PENDING' ? null : at(-p.daysAgo + 1, 11),
      userComment: null,
      decidedAt: decided,
      rejectReason: p.rejectReason ?? null,
      expiresAt:
        // real time: the seed runs before any clock moves; a draft keeps its period from the real start
        p.status === 'DRAFT' ? new Date(Date.now() + 7 * 86_400_000).toISOString() : at(-p.daysAgo + 7, 9 + (i % 8)),
      createdAt: created,
      updatedAt: decided ?? submitted ?? created,
    });
    if (company.compNameKr && !approved)
      for (const c of cats.rows.slice(0, 1 + (i % 2))) categories.push({ receiptNo, catCode: c.catCode });
    audit.push({
      entity: 'supplier_application',
      entityKey: receiptNo,
      action: 'START',
      actor: null,
      at: created,
      beforeData: null,
      afterData: null,
      reason: null,
    });
    if (submitted)
      audit.push({
        entity: 'supplier_application',
        entityKey: receiptNo,
        action: 'SUBMIT',
        actor: null,
        at: submitted,
        beforeData: null,
        afterData: null,
        reason: null,
      });
    if (p.evaluation) {
      const ev = p.evaluation;
      const y = (k: number) => (ev.checks > k ? ('Y' as const) : ('N' as const));
      const evalNo: string = `CRE${year}-${pad(evaluations.length + 1, 6)}`;
      const done = ev.status === 'PASSED' || ev.status === 'FAILED';
      evaluations.push({
        evalNo,
        receiptNo,
        status: ev.status,
        chkCert: y(0),
        chkBank: y(1),
        chkTax: y(2),
        chkCredit: y(3),
        chkQuality: y(4),
        score: ev.score,
        passMark: 70,
        remark: ev.score !== null ? '서류 검토 완료' : null,
        failReason: ev.failReason ?? null,
        evaluator: ev.score !== null || ev.checks > 0 ? 'tfadmin' : null,
        evaluatedAt: done ? at(-p.daysAgo + 4, 14) : null,
        createdAt: submitted!,
        updatedAt: done ? at(-p.daysAgo + 4, 14) : submitted!,
      });
    }
  }
  await insertAll(trx, 'supplierApplication', apps);
  await insertAll(trx, 'supplierApplicationCategory', categories);
  await insertAll(trx, 'registrationEvaluation', evaluations);
  await insertAll(trx, 'auditLog', audit);
  for (const [prefix, lastValue] of [
    ['SA', apps.length],
    ['CRE', evaluations.length],
  ] as const) {
    await trx
      .insertInto('documentSequence')
      .values({ prefix, period: year, lastValue })
      .onConflict((oc) => oc.columns(['prefix', 'period']).doUpdateSet({ lastValue }))
      .execute();
  }
}

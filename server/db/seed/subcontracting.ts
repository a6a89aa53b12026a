/**
 * The demo company's 하도급 price duties (docs/subcontracting.md, docs/seed.md), so the 연동 and 조정협의 screens open
 * with something in them: a rule making 비철금속 (non-ferrous) orders 제조위탁, two 기준 지표 with six months of
 * values, and two active agreements of C00001 on non-ferrous parts — one with a 연동 clause (알루미늄 LME 현물가,
 * the previous month's average every three months, 5 % trigger, 45 % share) whose index rose past the trigger by
 * its first point, one with a 미연동 answer (both sides agreed) on which C00001 asked for 조정협의 five days before
 * the anchor. Small on purpose: the seed dump is a first start's critical path.
 *
 * The 연동 조정 제안 is not written here: `proposeDemoLinkage` runs the job's own function after the seed's
 * transaction (the job opens a transaction per agreement), so the demo's proposal is what the job computes; the seed
 * leaves no mail to send.
 */
import type { Kysely } from 'kysely';
import { plusDays } from '../../domain/subcontracting.js';
import { writeLinkageProposals } from '../../modules/purchase/agreement/linkage-proposals.js';
import { nextDocumentNumber } from '../document-number.js';
import type { Database } from '../schema.generated.js';
import { insertAll } from './insert.js';
import type { ItemRow } from './items.js';
import type { EmployeeRow } from './organisation.js';
import { SEED_ANCHOR } from './rng.js';
import { SYSTEM_JOB_ACTOR } from '../../../schemas/system-actor.js';

/** The demo's 하도급 sourcing group: every 비철금속 part ordered is 제조위탁 by this rule. */
const SUBCON_SG = 'SGD-RAW0102-D';
const SUPPLIER = 'C00001';
/** The buyer of both agreements: the demo account operator (구매담당). */
const BUYER = { singleid: 'E000004', userId: 'operator' };
/** Who kept the rule, the indexes and the agreements: the buyer, so the lists name a person (김민수). */
const BY = BUYER.userId;
/** The proposal's writer, as the hourly job names itself (server/modules/purchase/jobs.ts). */
const JOB_ACTOR = SYSTEM_JOB_ACTOR;

/** Six months of an index, on the 1st and the 15th (values as the publisher gives them, up to 4 decimals). */
function values(indexCode: string, series: ReadonlyArray<readonly [string, string, string]>) {
  return series.flatMap(([month, first, fifteenth]) => [
    { indexCode, valueDate: `${month}-01`, value: first, updatedBy: BY },
    { indexCode, valueDate: `${month}-15`, value: fifteenth, updatedBy: BY },
  ]);
}

const ALU = 'ALU_LME_CASH';
const HRC = 'HRC_KR_DIST';

const INDEXES = [
  {
    indexCode: ALU,
    indexName: '알루미늄 LME 현물가',
    unit: 'USD/톤',
    source: 'LME 공식 현물 결제가격(Cash Settlement), 매월 1일·15일 입력',
    updatedBy: BY,
  },
  {
    indexCode: HRC,
    indexName: '열연강판 유통가',
    unit: '원/톤',
    source: '국내 열연강판(SS400) 유통가격 시장 조사, 매월 1일·15일 입력',
    updatedBy: BY,
  },
];

const INDEX_VALUES = [
  // August's average, 2,567.25, is 6.08 % above the clause's base (2,420 on 06-01): the 09-01 point proposes.
  ...values(ALU, [
    ['2026-05', '2380.5000', '2402.0000'],
    ['2026-06', '2420.0000', '2431.5000'],
    ['2026-07', '2468.0000', '2496.5000'],
    ['2026-08', '2553.0000', '2581.5000'],
    ['2026-09', '2602.0000', '2590.5000'],
    ['2026-10', '2575.0000', '2611.0000'],
  ]),
  ...values(HRC, [
    ['2026-05', '835000', '840000'],
    ['2026-06', '845000', '850000'],
    ['2026-07', '860000', '870000'],
    ['2026-08', '880000', '875000'],
    ['2026-09', '890000', '905000'],
    ['2026-10', '910000', '915000'],
  ]),
];

/** The first item of the non-ferrous catalogue with each name, in item-code order (the seed's catalogue is fixed). */
function itemsNamed(items: readonly ItemRow[], names: readonly string[]): ItemRow[] {
  return names.map((name) => {
    const item = items
      .filter((i) => i.sgCode === SUBCON_SG && i.itemName === name && i.currency === 'KRW')
      .sort((a, b) => a.itemCode.localeCompare(b.itemCode))[0];
    if (!item) throw new Error(`seed: no ${name} in ${SUBCON_SG}`);
    return item;
  });
}

interface DemoAgreement {
  title: string;
  validFrom: string;
  validTo: string;
  lines: ReadonlyArray<{ item: ItemRow; agreedQty: string }>;
  remark: string;
}

async function insertAgreement(
  trx: Kysely<Database>,
  a: DemoAgreement,
  buyer: EmployeeRow,
  approvedOn: string,
): Promise<string> {
  const agreementNo = await nextDocumentNumber(trx, 'AG', approvedOn);
  const approvedAt = new Date(`${approvedOn}T10:00:00+09:00`);
  await insertAll(trx, 'agreement', [
    {
      agreementNo,
      compNo: SUPPLIER,
      title: a.title,
      currency: 'KRW',
      validFrom: a.validFrom,
      validTo: a.validTo,
      ceilingAmount: null,
      callOffPolicy: 'REFUSE',
      status: 'ACTIVE',
      approvalStatus: 'APPROVED',
      approvalId: null,
      buyerId: BUYER.singleid,
      section: buyer.section,
      deptcd: buyer.deptcd,
      remark: a.remark,
      approvedAt,
      createdBy: BUYER.userId,
      createdAt: approvedAt,
      updatedAt: approvedAt,
    },
  ]);
  const lines = a.lines.map((l, i) => ({
    agreementNo,
    lineNo: i + 1,
    compNo: SUPPLIER,
    itemCode: l.item.itemCode,
    itemName: l.item.itemName,
    spec: l.item.spec,
    unitCode: l.item.unitCode,
    sgCode: l.item.sgCode,
    unitPrice: l.item.refPrice,
    agreedQty: l.agreedQty,
  }));
  await insertAll(trx, 'agreementLine', lines);
  // What approval writes: the agreed prices dated from the first valid day.
  await insertAll(
    trx,
    'agreementLinePrice',
    lines.map((l) => ({
      agreementNo,
      lineNo: l.lineNo,
      compNo: SUPPLIER,
      effectiveFrom: a.validFrom,
      unitPrice: l.unitPrice,
      source: 'ORIGINAL' as const,
      createdBy: BUYER.userId,
      createdAt: approvedAt,
    })),
  );
  return agreementNo;
}

/** The rule, the indexes, the two agreements and the 조정협의 request, in the seed's transaction. */
export async function seedSubcontracting(
  trx: Kysely<Database>,
  ctx: { items: readonly ItemRow[]; employees: readonly EmployeeRow[] },
): Promise<void> {
  const buyer = ctx.employees.find((e) => e.singleid === BUYER.singleid);
  if (!buyer) throw new Error(`seed: no employee ${BUYER.singleid}`);
  await insertAll(trx, 'subconRule', [
    {
      matchKind: 'SG_CODE',
      matchValue: SUBCON_SG,
      subconKind: 'MANUFACTURE',
      remark: '비철금속 가공품 제조위탁',
      updatedBy: BY,
    },
  ]);
  await insertAll(trx, 'linkageIndex', INDEXES);
  await insertAll(trx, 'linkageIndexValue', INDEX_VALUES);

  const [plate, extrusion, copper, brass] = itemsNamed(ctx.items, ['알루미늄판', '알루미늄압출재', '동판', '황동봉']);
  const linked = await insertAgreement(
    trx,
    {
      title: '알루미늄 가공 소재 연간 단가계약',
      validFrom: '2026-06-01',
      validTo: '2027-05-31',
      lines: [
        { item: plate, agreedQty: '24000' },
        { item: extrusion, agreedQty: '18000' },
      ],
      remark: '납품대금 연동 약정(상생협력법 제21조): 알루미늄 LME 현물가, 3개월 주기 전월 평균',
    },
    buyer,
    '2026-05-27',
  );
  await insertAll(trx, 'agreementLinkage', [
    {
      agreementNo: linked,
      compNo: SUPPLIER,
      kind: 'LINKED',
      material: '알루미늄 잉곳',
      sharePct: '45',
      indexCode: ALU,
      baseDate: '2026-06-01',
      baseValue: '2420',
      compareBasis: 'MONTH_AVG',
      comparePeriodMonths: 3,
      triggerPct: '5',
      formulaNote: '조정 단가 = 현재 단가 × (1 + 45% × 기준 지표 변동률), 원 미만 반올림',
      updatedBy: BUYER.userId,
    },
  ]);

  const notLinked = await insertAgreement(
    trx,
    {
      title: '동·황동 가공 소재 단가계약',
      validFrom: '2026-07-01',
      validTo: '2027-06-30',
      lines: [
        { item: copper, agreedQty: '6000' },
        { item: brass, agreedQty: '4000' },
      ],
      remark: '납품대금 미연동 합의',
    },
    buyer,
    '2026-06-24',
  );
  await insertAll(trx, 'agreementLinkage', [
    {
      agreementNo: notLinked,
      compNo: SUPPLIER,
      kind: 'NOT_LINKED',
      exceptionType: 'AGREED_NONE',
      reason: '원재료 가격 변동은 납품대금 조정협의로 반영하기로 양사 합의',
      updatedBy: BUYER.userId,
    },
  ]);

  // C00001 asks on the 미연동 agreement: copper rose, and nothing in the clause moves its price.
  const requestedOn = plusDays(SEED_ANCHOR, -5);
  await insertAll(trx, 'priceCoordination', [
    {
      coordinationNo: await nextDocumentNumber(trx, 'PC', requestedOn),
      targetKind: 'AGREEMENT',
      agreementNo: notLinked,
      compNo: SUPPLIER,
      subconKind: 'MANUFACTURE',
      status: 'REQUESTED',
      reason: '구리 국제 시세 상승으로 동판·황동봉 소재 원가가 올랐습니다',
      requestedChange: '동판·황동봉 단가 8% 인상',
      requestedPct: '8',
      requestedAmount: null,
      costBasis: 'LME 전기동 톤당 9,100달러(7월 평균) → 9,950달러(10월 평균), 9.3% 상승; 단가 중 재료비 비중 약 75%',
      requestedBy: 'supplier1',
      requestedOn,
      requestedAt: new Date(`${requestedOn}T14:20:00+09:00`),
      updatedAt: new Date(`${requestedOn}T14:20:00+09:00`),
    },
  ]);
}

/**
 * The 연동 조정 제안 of the linked agreement, written by the job's own function on the anchor day. The notices the job
 * records with it are taken out again: the demo's addresses are made up, and a first start — in production too,
 * where SEED=demo seeds with the mail server configured — must not send mail about an event from before it began.
 */
export async function proposeDemoLinkage(db: Kysely<Database>): Promise<number> {
  const counts = await writeLinkageProposals(db, new Date(`${SEED_ANCHOR}T09:00:00+09:00`), JOB_ACTOR);
  await db.deleteFrom('notification').where('refEntity', '=', 'linkage_proposal').execute();
  return counts.proposed;
}

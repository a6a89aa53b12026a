import { sql, type Expression, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type Keyset, type KeysetValues, type PageWindow } from '../../../db/lists/keyset.js';
import { shaped } from '../../../db/lists/shaped.js';
import { iso } from '../../../domain/values.js';
import { answerRow } from '../../../db/lists/answer-rows.js';
import { count, isoOf } from '../../../db/lists/answer-values.js';
import type { PR_SORT } from './schemas.js';
import { jsonRows, parsedJson } from '../../../db/json-rows.js';
import { attachmentRows, historyRows, toAttachments, toHistory } from '../../../domain/documents.js';
import { approvalRounds, approvalViews } from '../approval/queries.js';
import { liveOrderOf, quotationRows, toQuotations } from '../rfq/queries.js';
import { questionRowsOf, toQuestions } from '../rfq-questions/queries.js';
import type { PR_STATUSES, PrScope } from './workflow.js';

export interface PrFilter {
  prNo?: string;
  title?: string;
  status?: string[];
  approvalStatus?: string[];
  requesterId?: string;
  requesterName?: string;
  section?: string;
  deptcd?: string;
  buyerId?: string;
  currency?: 'KRW' | 'JPY';
  fromDate?: string;
  toDate?: string;
}

type Scope = ExpressionBuilder<Database & { p: Database['prHeader']; e: Database['employee'] }, 'p' | 'e'>;

/**
 * The filter's values and the caller's as the statements take them (trimmed; patterns wrapped and
 * escaped): shaped.ts builds with placeholders. `viewer` only when the scope limits the list; `unit`
 * the department or section of a dept/section scope.
 */
type PrValues = {
  prNo?: string;
  title?: string;
  status?: string[];
  approvalStatus?: string[];
  requesterId?: string;
  requesterName?: string;
  section?: string;
  deptcd?: string;
  buyerId?: string;
  currency?: string;
  fromDate?: string;
  toDate?: string;
  viewer?: string;
  unit?: string;
};
/** Which rows the caller sees beside the filter: part of the statements' shape. */
type ScopeKind = PrScope['kind'];

const pattern = (v: string | undefined) => (given(v) ? `%${likeEscape(given(v)!)}%` : undefined);
const trimmed = (v: string | undefined) => (given(v) ? v!.trim() : undefined);

function prValues(f: PrFilter, scope: PrScope, viewer: string | null): { v: PrValues; kind: ScopeKind } {
  const kind: ScopeKind = scope.kind !== 'all' && viewer ? scope.kind : 'all';
  const v: PrValues = {
    prNo: pattern(f.prNo),
    title: pattern(f.title),
    status: f.status?.length ? f.status : undefined,
    approvalStatus: f.approvalStatus?.length ? f.approvalStatus : undefined,
    requesterId: trimmed(f.requesterId),
    requesterName: pattern(f.requesterName),
    section: trimmed(f.section),
    deptcd: trimmed(f.deptcd),
    buyerId: trimmed(f.buyerId),
    currency: f.currency,
    fromDate: given(f.fromDate) ? f.fromDate : undefined,
    toDate: given(f.toDate) ? f.toDate : undefined,
    viewer: kind === 'all' ? undefined : viewer!,
    unit: scope.kind === 'dept' ? scope.deptcd : scope.kind === 'section' ? scope.section : undefined,
  };
  if (kind === 'all') v.unit = undefined;
  return { v, kind };
}

/** The filter and the caller's scope as one condition, for the page query, the count and the totals alike. */
function where(v: PrValues, kind: ScopeKind) {
  return (eb: Scope) => {
    const parts = [];
    if (v.prNo) parts.push(eb('p.prNo', 'ilike', v.prNo));
    if (v.title) parts.push(eb('p.title', 'ilike', v.title));
    if (v.status) parts.push(eb('p.status', 'in', v.status as Array<(typeof PR_STATUSES)[number]>));
    if (v.approvalStatus) parts.push(eb('p.approvalStatus', 'in', v.approvalStatus));
    if (v.requesterId) parts.push(eb('p.requesterId', '=', v.requesterId));
    if (v.requesterName) parts.push(eb('e.hname', 'like', v.requesterName));
    if (v.section) parts.push(eb('p.section', '=', v.section));
    if (v.deptcd) parts.push(eb('p.deptcd', '=', v.deptcd));
    if (v.buyerId) parts.push(eb('p.buyerId', '=', v.buyerId));
    if (v.currency) parts.push(eb('p.currency', '=', v.currency as 'KRW' | 'JPY'));
    if (v.fromDate) parts.push(eb('p.prDate', '>=', v.fromDate));
    if (v.toDate) parts.push(eb('p.prDate', '<=', v.toDate));
    if (kind !== 'all') {
      const viewer = v.viewer!;
      const own =
        kind === 'self'
          ? eb('p.requesterId', '=', viewer)
          : kind === 'dept'
            ? eb('p.deptcd', '=', v.unit!)
            : eb('p.section', '=', v.unit!);
      const approver = eb.exists(
        eb
          .selectFrom('approval as a')
          .innerJoin('approvalStep as st', 'st.approvalId', 'a.approvalId')
          .select('a.approvalId')
          .where('a.docType', '=', 'PR')
          .whereRef('a.docNo', '=', 'p.prNo')
          .where('st.approverId', '=', viewer),
      );
      parts.push(eb.or([own, eb('p.requesterId', '=', viewer), approver]));
    }
    return eb.and(parts);
  };
}

const SORT_COLUMNS = {
  prNo: 'p.prNo',
  prDate: 'p.prDate',
  title: 'p.title',
  status: 'p.status',
  approvalStatus: 'p.approvalStatus',
  requesterName: 'e.hname',
  deptnm: 'd.deptnm',
  desiredDate: 'p.desiredDate',
  totalAmount: 'p.totalAmount',
  buyerName: 'bu.hname',
  updatedAt: 'p.updatedAt',
} as const satisfies Record<(typeof PR_SORT)[number], string>;

function base(db: Db) {
  return db
    .selectFrom('prHeader as p')
    .innerJoin('employee as e', 'e.singleid', 'p.requesterId')
    .innerJoin('businessSection as b', 'b.topDept', 'p.section')
    .innerJoin('department as d', 'd.deptcd', 'p.deptcd')
    .leftJoin('employee as bu', 'bu.singleid', 'p.buyerId');
}

// Built and compiled once per shape (server/db/lists/shaped.ts): the filters given, the caller's scope, the sort, the page's mode.
const prPage = shaped(
  'listPrs.page',
  (db: Db, v: PrValues & { page: KeysetValues }, c: { ks: Keyset; kind: ScopeKind }) =>
    base(db)
      .where(where(v, c.kind))
      .select([
        'p.prNo',
        'p.prDate',
        'p.title',
        'p.status',
        'p.approvalStatus',
        'p.requesterId',
        'e.hname as requesterName',
        'p.section',
        'b.sectionName',
        'p.deptcd',
        'd.deptnm',
        'p.desiredDate',
        'p.currency',
        'p.totalAmount',
        'p.buyerId',
        'bu.hname as buyerName',
        'p.updatedAt',
        'p.version',
      ])
      .select([
        sql<number>`(select count(*) from pr_line l where l.pr_no = p.pr_no)`.as('lineCount'),
        sql<
          string | null
        >`(select max(r.rfq_no) from rfq_header r where r.pr_no = p.pr_no and r.status <> 'CANCELLED')`.as('rfqNo'),
        sql<
          string | null
        >`(select max(h.po_no) from po_header h where h.pr_no = p.pr_no and h.status <> 'CANCELLED')`.as('poNo'),
        // The list's totals by currency in the page's own statement (a subquery of the same filter:
        // run once, not per row); amounts as text, exact.
        sql<unknown>`(select coalesce(json_agg(t order by t.currency), '[]') from (${totalsOf(db, v, c.kind)}) t)`.as(
          'listTotals',
        ),
      ])
      .$call((q) => c.ks.select(q))
      .$call((q) => c.ks.page(q, v.page)),
);

function totalsOf(db: Db, v: PrValues, kind: ScopeKind) {
  return base(db)
    .where(where(v, kind))
    .select([
      'p.currency',
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<string>`cast(sum(p.total_amount) as text)`.as('total_amount'),
    ])
    .groupBy('p.currency');
}

/**
 * The totals the page's statement carried (json, parsed by both drivers; its keys as written in
 * array mode, camelCased with the row when read as objects).
 */
function carriedTotals(cell: unknown): Array<{ currency: string; count: number; totalAmount: string | null }> {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{
    currency: string;
    count: number;
    total_amount?: string | null;
    totalAmount?: string | null;
  }>;
  return list.map((t) => ({
    currency: t.currency,
    count: Number(t.count),
    totalAmount: t.total_amount ?? t.totalAmount ?? null,
  }));
}

type PrPageRow = Awaited<ReturnType<typeof prPage.execute>>[number];

// The answer's row, declared once (server/db/lists/answer-rows.ts): every column of the page but its keys.
const prRow = answerRow<PrPageRow>()('PRs', (f) => ({
  prNo: f('prNo'),
  prDate: f('prDate'),
  title: f('title'),
  status: f('status'),
  approvalStatus: f('approvalStatus'),
  requesterId: f('requesterId'),
  requesterName: f('requesterName'),
  section: f('section'),
  sectionName: f('sectionName'),
  deptcd: f('deptcd'),
  deptnm: f('deptnm'),
  desiredDate: f('desiredDate'),
  currency: f('currency'),
  totalAmount: f('totalAmount'),
  buyerId: f('buyerId'),
  buyerName: f('buyerName'),
  updatedAt: f('updatedAt', isoOf),
  version: f('version'),
  lineCount: f('lineCount', count),
  rfqNo: f('rfqNo'),
  poNo: f('poNo'),
}));

const prTotals = shaped('listPrs.totals', (db: Db, v: PrValues, kind: ScopeKind) =>
  base(db)
    .where(where(v, kind))
    .select([
      'p.currency',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<string>('p.totalAmount').as('totalAmount'),
    ])
    .groupBy('p.currency')
    .orderBy('p.currency'),
);

export async function listPrs(
  db: Db,
  f: PrFilter,
  scope: PrScope,
  viewer: string | null,
  sort: SortSpec<(typeof PR_SORT)[number]>,
  w: PageWindow,
) {
  const { v, kind } = prValues(f, scope, viewer);
  const column = SORT_COLUMNS[sort.field];
  // The buyer is a left join: its name may be NULL.
  const ks = keyset(
    sortId(sort),
    [
      { ref: column, direction: sort.direction, nullable: column === 'bu.hname' },
      { ref: 'p.prNo', direction: 'desc' },
    ],
    w,
  );
  const fetched = await prPage.fetch(db, `${ks.shape}/${kind}`, { ...v, page: ks.values }, { ks, kind });
  // Only a page found empty past the first needs the totals of its own.
  const totals =
    fetched.rows.length > 0
      ? carriedTotals(fetched.get(fetched.rows[0], 'listTotals'))
      : ks.byCursor || w.offset > 0
        ? await prTotals.execute(db, kind, v, kind)
        : [];
  const page = ks.answer(fetched.rows, fetched.get);
  const toRow = fetched.answer(prRow);
  return {
    rows: page.rows.map((r) => toRow(r)),
    total: totals.reduce((s, t) => s + Number(t.count), 0),
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      totalAmount: String(t.totalAmount ?? '0'),
    })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

const prHeader = (db: Db) =>
  base(db).select([
    'p.prNo',
    'p.prDate',
    'p.title',
    'p.status',
    'p.approvalStatus',
    'p.approvalId',
    'p.requesterId',
    'e.hname as requesterName',
    'p.section',
    'b.sectionName',
    'p.deptcd',
    'd.deptnm',
    'p.desiredDate',
    'p.purpose',
    'p.currency',
    'p.totalAmount',
    'p.buyerId',
    'bu.hname as buyerName',
    'p.receivedAt',
    'p.rejectReason',
    'p.cancelReason',
    'p.fileId',
    'p.submittedAt',
    'p.approvedAt',
    'p.createdAt',
    'p.updatedAt',
    'p.version',
  ]);

export async function findPrHeader(db: Db, prNo: string) {
  return prHeader(db).where('p.prNo', '=', prNo).executeTakeFirst();
}

/** A PR's lines (amounts as text: also read as json, where a number would lose its digits). */
const prLines = (db: Db, prNo: string) =>
  db
    .selectFrom('prLine as l')
    .leftJoin('sourcingGroup as g', 'g.sgCode', 'l.sgCode')
    .leftJoin('code as ba', (j) => j.onRef('ba.code', '=', 'l.budgetAccount').on('ba.groupId', '=', 'BUDGET_ACCOUNT'))
    .select((eb) => [
      'l.lineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.sgCode',
      'g.sgName',
      eb.cast<string>('l.quantity', 'text').as('quantity'),
      eb.cast<string>('l.estUnitPrice', 'text').as('estUnitPrice'),
      eb.cast<string>('l.estAmount', 'text').as('estAmount'),
      'l.remark',
      'l.budgetAccount',
      'ba.textKo as budgetAccountName',
      'l.agreementNo',
      'l.agreementLineNo',
    ])
    .where('l.prNo', '=', prNo);

export async function findPrLines(db: Db, prNo: string) {
  return prLines(db, prNo).orderBy('l.lineNo').execute();
}

/** The PR's requests for quotation (with what the current one's summary reads) and its orders. */
const prRfqs = (db: Db, prNo: string) =>
  db
    .selectFrom('rfqHeader')
    .select(['rfqNo', 'status', 'version', 'deadline', 'buyerId', 'selectedCompNo', 'currency'])
    .where('prNo', '=', prNo);
const prOrders = (db: Db, prNo: string) =>
  db
    .selectFrom('poHeader as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .select((eb) => [
      'h.poNo',
      'h.status',
      'h.compNo',
      'c.compNameKr',
      'h.currency',
      eb.cast<string>('h.totalAmount', 'text').as('totalAmount'),
    ])
    .where('h.prNo', '=', prNo);

type PrRfqRow = Awaited<ReturnType<ReturnType<typeof prRfqs>['execute']>>[number];
type PrOrderRow = Awaited<ReturnType<ReturnType<typeof prOrders>['execute']>>[number];

function prLinks(rfqs: readonly PrRfqRow[], orders: readonly PrOrderRow[]) {
  const live = rfqs.filter((r) => r.status !== 'CANCELLED');
  const current = live.at(-1);
  return {
    rfqs: rfqs.map((r) => ({
      rfqNo: r.rfqNo,
      status: r.status,
      deadline: iso(r.deadline)!,
      selectedCompNo: r.selectedCompNo,
    })),
    orders: orders.map((o) => ({ ...o })),
    /** The PR's current quotation request (its latest not cancelled), as the RFQ summary takes it. */
    currentRfq: current ? { ...current, deadline: iso(current.deadline)! } : null,
  };
}

/**
 * Everything a PR's detail shows, in one statement: its header with its lines, files, approval
 * rounds, history, requests for quotation and orders, and what its current request's summary reads
 * (quotations, its live order, its questions), each a json column (server/db/json-rows.ts), and
 * whether `viewer` approves it. Each part is a subquery of the PR's number, not of another part, so
 * PostgreSQL runs each once. Undefined when there is no such PR.
 */
export async function findPrDetail(db: Db, prNo: string, viewer: string) {
  // The current request: the latest not cancelled (as prLinks picks it from the PR's requests).
  const current = sql<
    string | null
  >`(select max(cr.rfq_no) from rfq_header cr where cr.pr_no = ${prNo} and cr.status <> 'CANCELLED')`;
  const row = await prHeader(db)
    .select((eb) => [
      jsonRows(prLines(db, prNo), ['lineNo']).as('lines'),
      jsonRows(attachmentRows(db, eb.ref('p.fileId') as Expression<string>), ['seq']).as('attachments'),
      approvalRounds(db, (a) => a.and([a('a.docType', '=', 'PR'), a('a.docNo', '=', prNo)])).as('approvals'),
      jsonRows(historyRows(db, 'pr_header', prNo), ['at', 'id']).as('history'),
      jsonRows(prRfqs(db, prNo), ['rfqNo']).as('rfqs'),
      jsonRows(prOrders(db, prNo), ['poNo']).as('orders'),
      jsonRows(quotationRows(db, current), ['compNo']).as('quotations'),
      liveOrderOf(db, current).as('liveOrderNo'),
      jsonRows(questionRowsOf(db, current), ['askedAt', 'questionId']).as('questions'),
      // Whether `viewer` is an approver of any of its rounds (who may read a PR outside their scope).
      eb
        .exists(
          db
            .selectFrom('approval as a')
            .innerJoin('approvalStep as st', 'st.approvalId', 'a.approvalId')
            .select('a.approvalId')
            .where('a.docType', '=', 'PR')
            .where('a.docNo', '=', prNo)
            .where('st.approverId', '=', viewer),
        )
        .as('viewerApproves'),
    ])
    .where('p.prNo', '=', prNo)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    lines,
    attachments,
    approvals,
    history,
    rfqs,
    orders,
    quotations,
    liveOrderNo,
    questions,
    viewerApproves,
    ...header
  } = row;
  const links = prLinks(parsedJson(rfqs), parsedJson(orders));
  return {
    header,
    lines: parsedJson(lines),
    attachments: toAttachments(parsedJson(attachments)),
    approvals: approvalViews(approvals),
    history: toHistory(parsedJson(history)),
    viewerApproves: Boolean(viewerApproves),
    links,
    /** What the current request's summary reads, read here (none without a current request). */
    rfq: links.currentRfq
      ? {
          quotations: toQuotations(parsedJson(quotations)),
          liveOrder: liveOrderNo ? { poNo: liveOrderNo } : undefined,
          questions: toQuestions(parsedJson(questions)),
        }
      : undefined,
  };
}

/** The PR locked for a change (the whole row: the checks and the audit read it). */
export function lockPr(trx: Db, prNo: string) {
  return trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
}

/** The stored lines as they are, for the audit's "before". */
export function findPrLineRows(trx: Db, prNo: string) {
  return trx.selectFrom('prLine').selectAll().where('prNo', '=', prNo).orderBy('lineNo').execute();
}

export async function insertPrHeader(trx: Db, values: Insertable<Database['prHeader']>) {
  await trx.insertInto('prHeader').values(values).execute();
}

export async function updatePrHeader(trx: Db, prNo: string, values: Updateable<Database['prHeader']>) {
  await trx.updateTable('prHeader').set(values).where('prNo', '=', prNo).execute();
}

/** Replaces the PR's lines with these. */
export async function replacePrLines(
  trx: Db,
  prNo: string,
  lines: ReadonlyArray<Omit<Insertable<Database['prLine']>, 'prNo'>>,
) {
  await trx.deleteFrom('prLine').where('prNo', '=', prNo).execute();
  await insertPrLines(trx, prNo, lines);
}

/** A new PR's lines (it has none to replace). */
export async function insertPrLines(
  trx: Db,
  prNo: string,
  lines: ReadonlyArray<Omit<Insertable<Database['prLine']>, 'prNo'>>,
) {
  await trx
    .insertInto('prLine')
    .values(lines.map((l) => ({ prNo, ...l })))
    .execute();
}

/** Files every line of the PR under one sourcing group. */
export async function setPrLinesSgCode(trx: Db, prNo: string, sgCode: string) {
  await trx.updateTable('prLine').set({ sgCode }).where('prNo', '=', prNo).execute();
}

export function findDepartment(db: Db, deptcd: string) {
  return db
    .selectFrom('department')
    .select(['deptcd', 'topDept', 'useYn'])
    .where('deptcd', '=', deptcd)
    .executeTakeFirst();
}

/** An item of the master with its sourcing group's name (the PR line grid's lookup). */
export function findPrItem(db: Db, itemCode: string) {
  return db
    .selectFrom('item as i')
    .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode')
    .select([
      'i.itemCode',
      'i.itemName',
      'i.spec',
      'i.unitCode',
      'i.sgCode',
      'g.sgName',
      'i.refPrice',
      'i.currency',
      'i.useYn',
    ])
    .where('i.itemCode', '=', itemCode)
    .executeTakeFirst();
}

/** An employee with the account that would act as buyer. */
export function findBuyerCandidate(db: Db, singleid: string) {
  return db
    .selectFrom('employee as e')
    .innerJoin('appUser as u', 'u.singleid', 'e.singleid')
    .select(['e.singleid', 'e.status', 'u.useFlag', 'u.authGroupId'])
    .where('e.singleid', '=', singleid)
    .executeTakeFirst();
}

export function findSourcingGroup(db: Db, sgCode: string) {
  return db.selectFrom('sourcingGroup').select(['sgLevel', 'useYn']).where('sgCode', '=', sgCode).executeTakeFirst();
}

export async function prExists(db: Db, prNo: string): Promise<boolean> {
  return (await db.selectFrom('prHeader').select('prNo').where('prNo', '=', prNo).executeTakeFirst()) !== undefined;
}

/** The budget accounts in use among `codes` (a PR line may name only these). */
export async function existingBudgetAccounts(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('budgetAccount as a')
    .innerJoin('code as c', (j) => j.onRef('c.code', '=', 'a.accountCode').on('c.groupId', '=', 'BUDGET_ACCOUNT'))
    .select('a.accountCode')
    .where('a.accountCode', 'in', [...codes])
    .where('c.useYn', '=', 'Y')
    .execute();
  return new Set(rows.map((r) => r.accountCode));
}

/**
 * The budget account each item defaults to: the mapping of its category, else of the category's
 * family, else of its top level (the most specific mapped one).
 */
export async function defaultBudgetAccounts(db: Db, itemCodes: readonly string[]): Promise<Map<string, string>> {
  if (itemCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('item as i')
    .innerJoin('itemCategory as c1', 'c1.catCode', 'i.catCode')
    .leftJoin('itemCategory as c2', 'c2.catCode', 'c1.parentCode')
    .leftJoin('budgetAccountCategory as m1', 'm1.catCode', 'c1.catCode')
    .leftJoin('budgetAccountCategory as m2', 'm2.catCode', 'c2.catCode')
    .leftJoin('budgetAccountCategory as m3', 'm3.catCode', 'c2.parentCode')
    .select(['i.itemCode', 'm1.accountCode as a1', 'm2.accountCode as a2', 'm3.accountCode as a3'])
    .where('i.itemCode', 'in', [...itemCodes])
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    const acc = r.a1 ?? r.a2 ?? r.a3;
    if (acc) out.set(r.itemCode, acc);
  }
  return out;
}

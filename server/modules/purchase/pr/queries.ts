import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import { iso } from '../../../domain/values.js';
import type { PR_SORT } from './schemas.js';
import type { PR_STATUSES, PrScope } from './workflow.js';

type Window = { limit: number; offset: number };

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

/** The filter and the caller's scope as one condition, for the page query, the count and the totals alike. */
function where(f: PrFilter, scope: PrScope, viewer: string | null) {
  return (eb: Scope) => {
    const parts = [];
    const prNo = given(f.prNo);
    if (prNo) parts.push(eb('p.prNo', 'ilike', `%${likeEscape(prNo)}%`));
    const title = given(f.title);
    if (title) parts.push(eb('p.title', 'ilike', `%${likeEscape(title)}%`));
    if (f.status?.length) parts.push(eb('p.status', 'in', f.status as Array<(typeof PR_STATUSES)[number]>));
    if (f.approvalStatus?.length) parts.push(eb('p.approvalStatus', 'in', f.approvalStatus));
    if (given(f.requesterId)) parts.push(eb('p.requesterId', '=', f.requesterId!.trim()));
    const name = given(f.requesterName);
    if (name) parts.push(eb('e.hname', 'like', `%${likeEscape(name)}%`));
    if (given(f.section)) parts.push(eb('p.section', '=', f.section!.trim()));
    if (given(f.deptcd)) parts.push(eb('p.deptcd', '=', f.deptcd!.trim()));
    if (given(f.buyerId)) parts.push(eb('p.buyerId', '=', f.buyerId!.trim()));
    if (f.currency) parts.push(eb('p.currency', '=', f.currency));
    if (given(f.fromDate)) parts.push(eb('p.prDate', '>=', f.fromDate!));
    if (given(f.toDate)) parts.push(eb('p.prDate', '<=', f.toDate!));
    if (scope.kind !== 'all' && viewer) {
      const own =
        scope.kind === 'self' ? eb('p.requesterId', '=', viewer) : scope.kind === 'dept' ? eb('p.deptcd', '=', scope.deptcd) : eb('p.section', '=', scope.section);
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
  prNo: 'p.prNo', prDate: 'p.prDate', title: 'p.title', status: 'p.status', approvalStatus: 'p.approvalStatus', requesterName: 'e.hname', deptnm: 'd.deptnm',
  desiredDate: 'p.desiredDate', totalAmount: 'p.totalAmount', buyerName: 'bu.hname', updatedAt: 'p.updatedAt',
} as const satisfies Record<(typeof PR_SORT)[number], string>;

function base(db: Db) {
  return db
    .selectFrom('prHeader as p')
    .innerJoin('employee as e', 'e.singleid', 'p.requesterId')
    .innerJoin('businessSection as b', 'b.topDept', 'p.section')
    .innerJoin('department as d', 'd.deptcd', 'p.deptcd')
    .leftJoin('employee as bu', 'bu.singleid', 'p.buyerId');
}

export async function listPrs(db: Db, f: PrFilter, scope: PrScope, viewer: string | null, sort: SortSpec<(typeof PR_SORT)[number]>, w: Window) {
  const cond = where(f, scope, viewer);
  const [rows, totals] = await Promise.all([
    base(db)
      .where(cond)
      .select([
        'p.prNo', 'p.prDate', 'p.title', 'p.status', 'p.approvalStatus', 'p.requesterId', 'e.hname as requesterName', 'p.section', 'b.sectionName', 'p.deptcd', 'd.deptnm',
        'p.desiredDate', 'p.currency', 'p.totalAmount', 'p.buyerId', 'bu.hname as buyerName', 'p.updatedAt', 'p.version',
      ])
      .select([
        sql<number>`(select count(*) from pr_line l where l.pr_no = p.pr_no)`.as('lineCount'),
        sql<string | null>`(select max(r.rfq_no) from rfq_header r where r.pr_no = p.pr_no and r.status <> 'CANCELLED')`.as('rfqNo'),
        sql<string | null>`(select max(h.po_no) from po_header h where h.pr_no = p.pr_no and h.status <> 'CANCELLED')`.as('poNo'),
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('p.prNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base(db)
      .where(cond)
      .select(['p.currency', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<string>('p.totalAmount').as('totalAmount')])
      .groupBy('p.currency')
      .orderBy('p.currency')
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, lineCount: Number(r.lineCount), updatedAt: iso(r.updatedAt)! })),
    total: totals.reduce((s, t) => s + Number(t.count), 0),
    totals: totals.map((t) => ({ currency: t.currency, count: Number(t.count), totalAmount: String(t.totalAmount ?? '0') })),
  };
}

export async function findPrHeader(db: Db, prNo: string) {
  return base(db)
    .select([
      'p.prNo', 'p.prDate', 'p.title', 'p.status', 'p.approvalStatus', 'p.approvalId', 'p.requesterId', 'e.hname as requesterName', 'p.section', 'b.sectionName', 'p.deptcd', 'd.deptnm',
      'p.desiredDate', 'p.purpose', 'p.currency', 'p.totalAmount', 'p.buyerId', 'bu.hname as buyerName', 'p.receivedAt', 'p.rejectReason', 'p.cancelReason', 'p.fileId',
      'p.submittedAt', 'p.approvedAt', 'p.createdAt', 'p.updatedAt', 'p.version',
    ])
    .where('p.prNo', '=', prNo)
    .executeTakeFirst();
}

export async function findPrLines(db: Db, prNo: string) {
  return db
    .selectFrom('prLine as l')
    .leftJoin('sourcingGroup as g', 'g.sgCode', 'l.sgCode')
    .select(['l.lineNo', 'l.itemCode', 'l.itemName', 'l.spec', 'l.unitCode', 'l.sgCode', 'g.sgName', 'l.quantity', 'l.estUnitPrice', 'l.estAmount', 'l.remark'])
    .where('l.prNo', '=', prNo)
    .orderBy('l.lineNo')
    .execute();
}

export async function findPrLinks(db: Db, prNo: string) {
  const [rfqs, orders] = await Promise.all([
    db.selectFrom('rfqHeader').select(['rfqNo', 'status', 'deadline', 'selectedCompNo']).where('prNo', '=', prNo).orderBy('rfqNo').execute(),
    db
      .selectFrom('poHeader as h')
      .innerJoin('company as c', 'c.compNo', 'h.compNo')
      .select(['h.poNo', 'h.status', 'h.compNo', 'c.compNameKr', 'h.currency', 'h.totalAmount'])
      .where('h.prNo', '=', prNo)
      .orderBy('h.poNo')
      .execute(),
  ]);
  return { rfqs: rfqs.map((r) => ({ ...r, deadline: iso(r.deadline)! })), orders };
}

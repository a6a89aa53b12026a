import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { iso } from '../../../domain/values.js';
import { pageTotal } from '../../../db/lists/page-total.js';

type Window = { limit: number; offset: number };

/** The approval steps waiting for this employee, oldest submission first. */
export async function pendingApprovals(db: Db, singleid: string, w: Window) {
  const base = db
    .selectFrom('approvalStep as st')
    .innerJoin('approval as a', 'a.approvalId', 'st.approvalId')
    .innerJoin('employee as s', 's.singleid', 'a.submittedBy')
    .where('st.approverId', '=', singleid)
    .where('st.status', '=', 'PENDING')
    .where('a.status', 'in', ['PENDING', 'IN_PROGRESS']);
  const doc = (column: 'title' | 'currency' | 'amount') => {
    const pr = column === 'amount' ? 'total_amount' : column;
    const po = column === 'amount' ? 'total_amount' : column;
    return sql<string>`case a.doc_type
      when 'PR' then (select p.${sql.raw(pr)}::text from pr_header p where p.pr_no = a.doc_no)
      when 'LOI' then (select l.${sql.raw(column)}::text from loi l where l.loi_no = a.doc_no)
      when 'AGREEMENT' then (select ${sql.raw(column === 'amount' ? 'coalesce(g.ceiling_amount, g.ordered_amount)' : 'g.' + column)}::text from agreement g where g.agreement_no = a.doc_no)
      when 'PO_CHANGE' then ${
        column === 'amount'
          ? // The change's proposed total (the revision decided), not the order's terms in force.
            sql`(select r.total_amount::text from po_revision r where r.po_no || '-' || r.revision = a.doc_no)`
          : sql`(select h.${sql.raw(po)}::text from po_header h where h.po_no = regexp_replace(a.doc_no, '-[0-9]+$', ''))`
      }
      when 'BUDGET' then (select ${sql.raw(column === 'title' ? 't.reason' : column === 'currency' ? "'KRW'" : 't.amount')}::text from budget_transfer t where t.transfer_no = a.doc_no)
      else (select h.${sql.raw(po)}::text from po_header h where h.po_no = a.doc_no) end`;
  };
  const counted = () => base.select((eb) => eb.fn.countAll<number>().as('n'));
  const rows = await base
    .select([
      'a.approvalId',
      'a.docType',
      'a.docNo',
      'a.amountKrw',
      'a.submittedBy',
      's.hname as submittedByName',
      'a.submittedAt',
      'st.stepNo',
      'a.lineName',
      'a.version',
    ])
    .select([
      doc('title').as('title'),
      doc('currency').as('currency'),
      doc('amount').as('amount'),
      // A change order's total in force, beside the one proposed (the approver decides the difference).
      sql<
        string | null
      >`case a.doc_type when 'PO_CHANGE' then (select h.total_amount::text from po_header h where h.po_no = regexp_replace(a.doc_no, '-[0-9]+$', '')) end`.as(
        'previousAmount',
      ),
      sql<number>`(select count(*) from approval_step x where x.approval_id = a.approval_id)`.as('stepCount'),
      // The waits' count carried by the page's own statement: an uncorrelated subquery of the same
      // filter, run once (an InitPlan), not a second statement.
      counted().as('listTotal'),
    ])
    // Newest first: the card's few rows are what reached the approver since they last looked; a
    // backlog of old waits would hide them (the card gives the total and a link to every wait).
    .orderBy('a.submittedAt', 'desc')
    .orderBy('a.approvalId', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const total = await pageTotal(rows, w.offset, () => counted().executeTakeFirstOrThrow());
  return {
    rows: rows.map(({ listTotal: _, ...r }) => ({
      ...r,
      title: r.title ?? '',
      currency: r.currency ?? 'KRW',
      amount: r.amount ?? '0',
      stepCount: Number(r.stepCount),
      submittedAt: iso(r.submittedAt)!,
    })),
    total,
  };
}

/** The employee's recent documents: PRs they requested, orders and LOIs they buy; newest change first. */
export async function recentDocuments(db: Db, singleid: string, docType: string | undefined, w: Window) {
  const union = sql`
    select 'PR' as doc_type, p.pr_no as doc_no, p.title, p.status, p.approval_status, p.currency, p.total_amount::text as amount, null::varchar as counterpart, p.updated_at
      from pr_header p where p.requester_id = ${singleid}
    union all
    select h.po_type, h.po_no, h.title, h.status, h.approval_status, h.currency, h.total_amount::text, c.comp_name_kr, h.updated_at
      from po_header h join company c on c.comp_no = h.comp_no where h.buyer_id = ${singleid}
    union all
    select 'LOI', l.loi_no, l.title, l.status, l.approval_status, l.currency, l.amount::text, c.comp_name_kr, l.updated_at
      from loi l join company c on c.comp_no = l.comp_no where l.buyer_id = ${singleid}`;
  const filter = docType ? sql`where d.doc_type = ${docType}` : sql``;
  const [rows, count] = await Promise.all([
    sql<{
      docType: string;
      docNo: string;
      title: string;
      status: string;
      approvalStatus: string;
      currency: string;
      amount: string;
      counterpart: string | null;
      updatedAt: string;
    }>`
      select d.* from (${union}) d ${filter} order by d.updated_at desc, d.doc_no desc limit ${w.limit} offset ${w.offset}`.execute(
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n from (${union}) d ${filter}`.execute(db),
  ]);
  return { rows: rows.rows.map((r) => ({ ...r, updatedAt: iso(r.updatedAt)! })), total: Number(count.rows[0].n) };
}

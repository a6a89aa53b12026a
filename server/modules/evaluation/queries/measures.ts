import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EvaMeasure } from '../types.js';

/**
 * The quantitative measures, each one set-based SQL over the period for every supplier in the
 * period's scope (eva_target) at once, answering numerator and denominator per supplier
 * (docs/evaluation.md has each formula). Dates of timestamps are taken in Korea (Asia/Seoul).
 */
export interface Figure {
  numerator: number;
  denominator: number;
}

export interface MeasureWindow {
  periodId: number;
  startDate: string;
  endDate: string;
  /** Quotation requests whose deadline is after this instant and that are not yet answered are not counted. */
  now: Date;
}

const ORDERED_PO = sql`('SENT','ACKNOWLEDGED','PARTLY_DELIVERED','DELIVERED','CLOSED')`;
const ANSWERED_QUOTE = sql`('SUBMITTED','SELECTED','NOT_SELECTED')`;
const kstDate = (col: RawBuilder<unknown>) => sql`(${col} at time zone 'Asia/Seoul')::date`;

function query(
  m: EvaMeasure,
  w: MeasureWindow,
): RawBuilder<{ comp: string; num: string | number | null; den: string | number | null }> {
  const { periodId, startDate, endDate } = w;
  switch (m) {
    // Delivery lines of received deliveries dated in the period; on time when the delivery date is
    // on or before the order line's delivery date (the order's due date when the line has none).
    case 'ON_TIME':
      return sql`
        select dl.comp_no as comp,
               count(*) filter (where d.delivery_date <= coalesce(pl.delivery_date, ph.due_date, d.delivery_date)) as num,
               count(*) as den
          from delivery d
          join eva_target t on t.period_id = ${periodId} and t.comp_no = d.comp_no
          join delivery_line dl on dl.delivery_no = d.delivery_no
          join po_line pl on pl.po_no = dl.po_no and pl.line_no = dl.po_line_no
          join po_header ph on ph.po_no = dl.po_no
         where d.status = 'RECEIVED' and d.delivery_date between ${startDate}::date and ${endDate}::date
         group by dl.comp_no`;
    // Order lines due in the period of orders sent to the supplier: Σ (ordered − |ordered − received|), at least 0, over Σ ordered.
    case 'QTY_ACCURACY':
      return sql`
        select ph.comp_no as comp,
               sum(greatest(0, pl.quantity - abs(pl.quantity - pl.received_qty))) as num,
               sum(pl.quantity) as den
          from po_header ph
          join eva_target t on t.period_id = ${periodId} and t.comp_no = ph.comp_no
          join po_line pl on pl.po_no = ph.po_no
         where ph.status in ${ORDERED_PO}
           and coalesce(pl.delivery_date, ph.due_date, ph.po_date) between ${startDate}::date and ${endDate}::date
         group by ph.comp_no`;
    // Receipt lines requested in the period: accepted quantity over all quantity, where a receipt
    // rejected in approval (or cancelled after a rejection) counts as rejected; receipts simply cancelled are left out.
    case 'QUALITY':
      return sql`
        select w.comp_no as comp,
               coalesce(sum(wl.quantity) filter (where not (w.approval_status = 'REJECTED' or (w.status = 'CANCELLED' and w.reject_reason is not null))), 0) as num,
               sum(wl.quantity) as den
          from wh_receipt w
          join eva_target t on t.period_id = ${periodId} and t.comp_no = w.comp_no
          join wh_receipt_line wl on wl.wh_req_no = w.wh_req_no
         where w.wh_req_date between ${startDate}::date and ${endDate}::date
           and (w.status <> 'CANCELLED' or w.reject_reason is not null)
         group by w.comp_no`;
    // The supplier's answered quotation lines (submitted in the period): Σ lowest answered amount of the same request line over Σ its own amount.
    case 'PRICE':
      return sql`
        with own as (
          select ql.rfq_no, ql.line_no, ql.comp_no, ql.amount
            from quotation q
            join eva_target t on t.period_id = ${periodId} and t.comp_no = q.comp_no
            join quotation_line ql on ql.rfq_no = q.rfq_no and ql.comp_no = q.comp_no
           where q.status in ${ANSWERED_QUOTE} and q.submitted_at is not null
             and ${kstDate(sql`q.submitted_at`)} between ${startDate}::date and ${endDate}::date
        ), low as (
          select ql.rfq_no, ql.line_no, min(ql.amount) as amount
            from quotation q
            join quotation_line ql on ql.rfq_no = q.rfq_no and ql.comp_no = q.comp_no
           where q.status in ${ANSWERED_QUOTE} and q.rfq_no in (select rfq_no from own)
           group by ql.rfq_no, ql.line_no
        )
        select own.comp_no as comp, sum(low.amount) as num, sum(own.amount) as den
          from own join low on low.rfq_no = own.rfq_no and low.line_no = own.line_no
         group by own.comp_no`;
    // Settlements of the period's months put to the supplier: those never disputed over all.
    case 'DISPUTE':
      return sql`
        select s.comp_no as comp,
               count(*) filter (where s.disputed_at is null) as num,
               count(*) as den
          from settlement s
          join eva_target t on t.period_id = ${periodId} and t.comp_no = s.comp_no
         where s.period between to_char(${startDate}::date, 'YYYYMM') and to_char(${endDate}::date, 'YYYYMM')
           and (s.status <> 'DRAFT' or s.disputed_at is not null)
         group by s.comp_no`;
    // Invitations to quote in the period: answered over invited, leaving out requests cancelled
    // unanswered and requests still open past now.
    case 'RFQ_RESPONSE':
      return sql`
        select q.comp_no as comp,
               count(*) filter (where q.submitted_at is not null) as num,
               count(*) as den
          from quotation q
          join eva_target t on t.period_id = ${periodId} and t.comp_no = q.comp_no
          join rfq_header r on r.rfq_no = q.rfq_no
         where ${kstDate(sql`q.invited_at`)} between ${startDate}::date and ${endDate}::date
           and not (q.submitted_at is null and (q.status = 'CANCELLED' or r.status = 'CANCELLED' or r.deadline > ${w.now}))
         group by q.comp_no`;
  }
}

/** Numerator and denominator of one measure for every supplier in the period's scope that has any. */
export async function measureFigures(db: Db, m: EvaMeasure, w: MeasureWindow): Promise<Map<string, Figure>> {
  const { rows } = await query(m, w).execute(db);
  return new Map(rows.map((r) => [r.comp, { numerator: Number(r.num ?? 0), denominator: Number(r.den ?? 0) }]));
}

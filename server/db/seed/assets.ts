import { sql } from 'kysely';
import type { Db } from '../connect.js';

/**
 * Demo assets (docs/assets.md), set-based and deterministic: the finally decided receipt lines of
 * asset-type expenses (ASSET) with small whole quantities are registered — one asset per unit, in
 * receipt order, until about 300 assets — at six locations; the rest stay waiting on
 * /assetManagementRegisterList. Every 40th asset is disposed. One closed count (location 1: found,
 * a few missing and moved) and one open count (location 2, partly recorded).
 */
const ASSET_LOCATIONS = [
  '본사 3층 자산실',
  '본사 5층 전산실',
  '구미공장 창고A',
  '구미공장 설비동',
  '연구소 2층 실험실',
  '물류센터 사무동',
] as const;
const TARGET_ASSETS = 300;

export async function seedAssets(trx: Db): Promise<void> {
  const locations = sql.join(ASSET_LOCATIONS.map((l) => sql.lit(l)));
  await sql`
    insert into asset_registration (wh_req_no, wh_line_no, asset_count, registered_by, registered_at)
    select wh_req_no, line_no, qty, 'operator', deci + time '10:00'
    from (
      select l.wh_req_no, l.line_no, l.quantity::int as qty, r.last_deci_date as deci,
             sum(l.quantity::int) over (order by r.last_deci_date, l.wh_req_no, l.line_no) as running
      from wh_receipt_line l join wh_receipt r on r.wh_req_no = l.wh_req_no
      where r.expenses = 'ASSET' and r.status = 'DECIDED' and l.quantity = trunc(l.quantity) and l.quantity between 1 and 5
    ) x
    where running <= ${TARGET_ASSETS}`.execute(trx);
  await sql`
    insert into asset (asset_no, asset_name, item_code, cat_code, location, deptcd, custodian_id, acquired_date, currency, acquisition_cost, status,
                       wh_req_no, wh_line_no, unit_seq, po_no, comp_no, dispose_reason, disposed_at, disposed_by, created_by, created_at, updated_at)
    select 'AS' || to_char(u.deci, 'YYYY') || '-' || lpad(row_number() over (partition by to_char(u.deci, 'YYYY') order by u.n)::text, 6, '0'),
           u.item_name, u.item_code, u.cat_code, (array[${locations}])[1 + (u.n % ${ASSET_LOCATIONS.length})], u.deptcd, u.receiver_id, u.deci, u.currency, u.unit_price,
           case when u.n % 40 = 0 then 'DISPOSED' else 'IN_USE' end,
           u.wh_req_no, u.line_no, u.unit_seq, u.po_no, u.comp_no,
           case when u.n % 40 = 0 then '노후로 인한 폐기' end, case when u.n % 40 = 0 then u.deci + interval '200 days' end, case when u.n % 40 = 0 then 'operator' end,
           'operator', u.deci + time '10:00', u.deci + time '10:00'
    from (
      select row_number() over (order by r.last_deci_date, l.wh_req_no, l.line_no, s.unit_seq) as n, s.unit_seq,
             l.wh_req_no, l.line_no, l.item_name, l.item_code, i.cat_code, l.po_no, l.unit_price, r.comp_no, r.deptcd, r.receiver_id, r.currency, r.last_deci_date as deci
      from asset_registration g
      join wh_receipt_line l on l.wh_req_no = g.wh_req_no and l.line_no = g.wh_line_no
      join wh_receipt r on r.wh_req_no = l.wh_req_no
      left join item i on i.item_code = l.item_code
      cross join lateral generate_series(1, g.asset_count) as s(unit_seq)
    ) u`.execute(trx);
  await sql`
    insert into document_sequence (prefix, period, last_value)
    select 'AS', substr(asset_no, 3, 4), max(substr(asset_no, 8)::int) from asset group by 2
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value, excluded.last_value)`.execute(
    trx,
  );

  // Counts: closed at location 1, open at location 2.
  await sql`
    insert into asset_count (count_no, title, location, planned_date, status, created_by, created_at, closed_by, closed_at, updated_at, version) values
      ('AC2026-000001', '2026년 3분기 정기 실사', ${ASSET_LOCATIONS[1]}, '2026-10-15', 'CLOSED', 'operator', '2026-10-10 09:00:00+09', 'operator', '2026-10-16 17:00:00+09', '2026-10-16 17:00:00+09', 3),
      ('AC2026-000002', '2026년 4분기 정기 실사', ${ASSET_LOCATIONS[2]}, '2026-11-20', 'OPEN', 'operator', '2026-10-30 09:00:00+09', null, null, '2026-10-30 09:00:00+09', 2)`.execute(
    trx,
  );
  await sql`
    insert into asset_count_line (count_no, asset_no, result, found_location, remark, counted_by, counted_at)
    select 'AC2026-000001', asset_no,
           case when k % 10 = 0 then 'MISSING' when k % 15 = 0 then 'MOVED' else 'FOUND' end,
           case when k % 10 <> 0 and k % 15 = 0 then ${ASSET_LOCATIONS[3]} end,
           case when k % 10 = 0 then '위치 확인 불가' end, 'operator', '2026-10-15 14:00:00+09'
    from (select asset_no, row_number() over (order by asset_no) as k from asset where location = ${ASSET_LOCATIONS[1]} and status = 'IN_USE') a`.execute(
    trx,
  );
  await sql`
    insert into asset_count_line (count_no, asset_no, result, found_location, remark, counted_by, counted_at)
    select 'AC2026-000002', asset_no, 'FOUND', null, null, 'operator', '2026-10-31 10:00:00+09'
    from (select asset_no, row_number() over (order by asset_no) as k from asset where location = ${ASSET_LOCATIONS[2]} and status = 'IN_USE') a
    where k <= 5`.execute(trx);
  await sql`
    insert into document_sequence (prefix, period, last_value) values ('AC', '2026', 2)
    on conflict (prefix, period) do update set last_value = greatest(document_sequence.last_value, 2)`.execute(trx);
}

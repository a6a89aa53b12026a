import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Framework agreements (단가계약, docs/agreements.md): a price agreed with one supplier for a period,
 * ordered against by call-offs.
 *
 * - agreement: supplier, validity (valid_from..valid_to, business days in Korea), currency, an
 *   optional ceiling on the amount ordered, the call-off policy (REFUSE: an order beyond the
 *   agreement is refused; APPROVE: it is made, marked as an exception for the order's approval),
 *   status DRAFT → IN_APPROVAL → ACTIVE → EXPIRED / TERMINATED, its approval round, where it came
 *   from (an awarded RFQ, tender or auction) and the amount ordered so far.
 * - agreement_line: item, agreed unit price, optional agreed quantity, and what was ordered so far
 *   (quantity and amount). Orders move these counters in their own transaction under a row lock of
 *   the line (agreement/queries.ts lockAgreementLines), so they never run past the agreement.
 * - po_line.agreement_no / agreement_line_no: the line is a call-off; its price is the agreed one.
 * - po_header.agreement_exception: what an order under an APPROVE agreement went beyond, shown to its approvers.
 * - approval and approval_rule accept the document types AGREEMENT and PO_CHANGE (a change order of
 *   a sent PO that crosses the re-approval rule, migration 0680).
 *
 * Both agreement tables carry comp_no: row-level security and the supplier role's grants here, as
 * migrations 0310 and 0550 gave the others (written out: a migration must not change when the code does).
 */
const ROLE = 'gpms_supplier';
const COMPANY_OWNED = ['agreement', 'agreement_line'];

const up_sql = `
create table agreement (
  agreement_no      varchar(20) primary key,
  comp_no           varchar(10) not null references company(comp_no),
  title             varchar(200) not null,
  currency          char(3) not null check (currency in ('KRW','JPY')),
  valid_from        date not null,
  valid_to          date not null,
  ceiling_amount    numeric(18,2) check (ceiling_amount > 0),
  ordered_amount    numeric(18,2) not null default 0 check (ordered_amount >= 0),
  call_off_policy   varchar(10) not null default 'REFUSE' check (call_off_policy in ('REFUSE','APPROVE')),
  status            varchar(12) not null check (status in ('DRAFT','IN_APPROVAL','ACTIVE','EXPIRED','TERMINATED')),
  approval_status   varchar(12) not null default 'NONE',
  approval_id       bigint references approval(approval_id),
  buyer_id          varchar(30) not null references employee(singleid),
  section           varchar(20) not null references business_section(top_dept),
  deptcd            varchar(20) not null references department(deptcd),
  source_type       varchar(10) check (source_type in ('RFQ','TENDER','AUCTION')),
  source_no         varchar(20),
  contract_no       varchar(30),
  remark            varchar(1000),
  approved_at       timestamptz,
  expired_at        timestamptz,
  terminated_at     timestamptz,
  terminate_reason  varchar(500),
  created_by        varchar(50) not null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1,
  check (valid_to >= valid_from),
  check ((source_type is null) = (source_no is null))
);
create index agreement_comp on agreement(comp_no, status);
create index agreement_status on agreement(status, valid_to);
create index agreement_source on agreement(source_type, source_no);

create table agreement_line (
  agreement_no    varchar(20) not null references agreement(agreement_no),
  line_no         integer not null check (line_no > 0),
  comp_no         varchar(10) not null references company(comp_no),
  item_code       varchar(20) references item(item_code),
  item_name       varchar(200) not null,
  spec            varchar(300),
  unit_code       varchar(10) not null references unit(unit_code),
  sg_code         varchar(20) references sourcing_group(sg_code),
  unit_price      numeric(18,2) not null check (unit_price >= 0),
  agreed_qty      numeric(15,3) check (agreed_qty > 0),
  ordered_qty     numeric(15,3) not null default 0 check (ordered_qty >= 0),
  ordered_amount  numeric(18,2) not null default 0 check (ordered_amount >= 0),
  primary key (agreement_no, line_no)
);
create index agreement_line_item on agreement_line(item_code);

alter table po_line add column agreement_no varchar(20);
alter table po_line add column agreement_line_no integer;
alter table po_line add constraint po_line_agreement_fk foreign key (agreement_no, agreement_line_no)
  references agreement_line(agreement_no, line_no);
alter table po_line add constraint po_line_agreement_both check ((agreement_no is null) = (agreement_line_no is null));
create index po_line_agreement on po_line(agreement_no, agreement_line_no);
alter table po_header add column agreement_exception varchar(500);

alter table approval drop constraint approval_doc_type_check;
alter table approval add constraint approval_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET','AGREEMENT','PO_CHANGE'));
alter table approval_rule drop constraint approval_rule_doc_type_check;
alter table approval_rule add constraint approval_rule_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET','AGREEMENT','PO_CHANGE'));

insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'DOC_TYPE', v.code, v.ko, v.en, null, null, coalesce((select max(sort_order) from code where group_id = 'DOC_TYPE'), 0) + v.n, 'Y'
  from (values ('AGREEMENT', '단가계약', 'Framework agreement', 10), ('PO_CHANGE', '발주변경', 'PO change order', 20)) as v(code, ko, en, n)
  where exists (select 1 from code_group where group_id = 'DOC_TYPE')
    and not exists (select 1 from code where group_id = 'DOC_TYPE' and code = v.code);

insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_AGREEMENT', 'PUR_ORDER', 3, '단가계약', 'Framework Agreements', '/AgreementList', '{/AgreementEdit}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR_ORDER'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_ORDER') and not exists (select 1 from menu where pgm_id = 'PUR_AGREEMENT');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_AGREEMENT', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'PUR_ORDER_REQUEST'
    and exists (select 1 from menu where pgm_id = 'PUR_AGREEMENT')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_AGREEMENT');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_AGREEMENT', 'CY_ORDER_MAIN', 3, '단가계약 조회', 'Framework Agreements', '/CyberAgreementList', '{/CyberAgreementEdit}', 'T', 'X',
         coalesce((select max(sort_order) from menu where parent_id = 'CY_ORDER_MAIN'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_ORDER_MAIN') and not exists (select 1 from menu where pgm_id = 'CY_AGREEMENT');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'CY_AGREEMENT', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'CY_ORDER_LIST'
    and exists (select 1 from menu where pgm_id = 'CY_AGREEMENT')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'CY_AGREEMENT');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'SUPVIEW_AGREEMENT', 'SUPVIEW_PUR', 3, '협력사 단가계약', 'Supplier Agreements', '/CyberAgreementList', '{/CyberAgreementEdit}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'SUPVIEW_PUR'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'SUPVIEW_PUR') and not exists (select 1 from menu where pgm_id = 'SUPVIEW_AGREEMENT');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'SUPVIEW_AGREEMENT', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'SUPVIEW_ORDER'
    and exists (select 1 from menu where pgm_id = 'SUPVIEW_AGREEMENT')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'SUPVIEW_AGREEMENT');
`;

const companyOwned = COMPANY_OWNED.flatMap((t) => [
  `alter table ${t} enable row level security;`,
  `create policy company_isolation on ${t} to ${ROLE} using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));`,
  `grant select, insert, update, delete on ${t} to ${ROLE};`,
]).join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, `${up_sql}\n${companyOwned}\n`);
}

import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Electronic contracts (전자계약) between the company and a supplier (docs/contracts.md):
 *
 * - econtract_clause: the clause library (조항), one row per code, its text kept as written;
 * - econtract_template: a template per number and version, immutable once saved (a save makes
 *   the next version); it freezes the clause texts it places, so a contract renders the same
 *   whatever the library says later;
 * - econtract: one contract with a supplier, the template version it was made from, the values of
 *   its variables frozen at creation, its state, the signing order, the stamp duty and, for an
 *   amendment (변경계약), the contract it changes;
 * - econtract_document: the exact PDF bytes signers were shown (DRAFT) and the executed one, with
 *   their SHA-256, written once (the same trigger refuses a change);
 * - econtract_event: the evidence log, hash-chained and append-only — a trigger refuses every
 *   update, delete and truncate, whatever role asks (the supplier role's grant included);
 * - econtract_stamp: the revenue-stamp number (전자수입인지) each party recorded for its share.
 *
 * The company-owned tables get row-level security and the supplier role's grants here, as
 * migrations 0310, 0550 and 0600 gave the others (written out: a migration must not change when
 * the code does). The one-time code gets a CONTRACT purpose and approvals a CONTRACT document type.
 */
const ROLE = 'gpms_supplier';
const COMPANY_OWNED = ['econtract', 'econtract_document', 'econtract_event', 'econtract_stamp'];

const up_sql = `
alter table otp_code drop constraint otp_code_purpose_check;
alter table otp_code add constraint otp_code_purpose_check check (purpose in ('LOGIN','RESET','PHONE','CONTRACT'));
alter table approval drop constraint approval_doc_type_check;
alter table approval add constraint approval_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET','AGREEMENT','PO_CHANGE','CONTRACT'));
alter table approval_rule drop constraint approval_rule_doc_type_check;
alter table approval_rule add constraint approval_rule_doc_type_check check (doc_type in ('PR','PO','LOI','SIMPLE','BUDGET','AGREEMENT','PO_CHANGE','CONTRACT'));

insert into code (group_id, code, text_ko, text_en, attr_1, attr_2, sort_order, use_yn)
  select 'DOC_TYPE', 'CONTRACT', '전자계약', 'Electronic contract', null, null, coalesce((select max(sort_order) from code where group_id = 'DOC_TYPE'), 0) + 10, 'Y'
  where exists (select 1 from code_group where group_id = 'DOC_TYPE')
    and not exists (select 1 from code where group_id = 'DOC_TYPE' and code = 'CONTRACT');

create table econtract_clause (
  clause_code  varchar(30) primary key check (clause_code ~ '^[A-Z0-9_]{1,30}$'),
  title        varchar(200) not null,
  body         text not null check (length(body) <= 20000),
  created_by   varchar(50) not null,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  version      integer not null default 1
);

create table econtract_template (
  template_no   varchar(20) not null check (template_no ~ '^[A-Z0-9_-]{1,20}$'),
  version       integer not null check (version >= 1),
  name          varchar(200) not null,
  contract_type varchar(12) not null check (contract_type in ('SUPPLY','CONSTRUCT','SERVICE','UNIT_PRICE')),
  sign_order    varchar(16) not null check (sign_order in ('SUPPLIER_FIRST','BUYER_FIRST')),
  body          text not null check (length(body) <= 100000),
  clauses       jsonb not null default '{}',
  use_yn        char(1) not null default 'Y' check (use_yn in ('Y','N')),
  created_by    varchar(50) not null,
  created_at    timestamptz not null default now(),
  primary key (template_no, version)
);

create table econtract (
  contract_no        varchar(20) primary key,
  comp_no            varchar(10) not null references company(comp_no),
  template_no        varchar(20) not null,
  template_version   integer not null,
  contract_type      varchar(12) not null check (contract_type in ('SUPPLY','CONSTRUCT','SERVICE','UNIT_PRICE')),
  sign_order         varchar(16) not null check (sign_order in ('SUPPLIER_FIRST','BUYER_FIRST')),
  title              varchar(200) not null,
  source_kind        varchar(4) not null default 'NONE' check (source_kind in ('PO','LOI','NONE')),
  source_no          varchar(20),
  supply_amount      numeric(18,0) not null check (supply_amount >= 0),
  vat_amount         numeric(18,0) not null check (vat_amount >= 0),
  total_amount       numeric(18,0) not null,
  start_date         date,
  end_date           date,
  contract_date      date not null,
  sign_deadline      date not null,
  variables          jsonb not null,
  status             varchar(16) not null check (status in ('DRAFT','IN_APPROVAL','SENT','PARTLY_SIGNED','EXECUTED','DECLINED','EXPIRED','CANCELLED')),
  approval_id        integer,
  approval_status    varchar(12) not null default 'NONE',
  buyer_signer_id    varchar(50) not null,
  supplier_signer_id varchar(50),
  document_sha       char(64) check (document_sha ~ '^[0-9a-f]{64}$'),
  executed_sha       char(64) check (executed_sha ~ '^[0-9a-f]{64}$'),
  supplier_signed_by varchar(50),
  supplier_signed_at timestamptz,
  buyer_signed_by    varchar(50),
  buyer_signed_at    timestamptz,
  executed_at        timestamptz,
  decline_reason     varchar(1000),
  stamp_duty         numeric(18,0) not null default 0 check (stamp_duty >= 0),
  stamp_buyer_share  numeric(18,0) not null default 0 check (stamp_buyer_share >= 0),
  stamp_status       varchar(12) not null default 'NOT_TAXABLE' check (stamp_status in ('NOT_TAXABLE','REQUIRED','PENDING','PAID')),
  amends_contract_no varchar(20) references econtract(contract_no),
  change_summary     jsonb,
  created_by         varchar(50) not null,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  version            integer not null default 1,
  foreign key (template_no, template_version) references econtract_template(template_no, version),
  check (total_amount = supply_amount + vat_amount),
  check (stamp_buyer_share <= stamp_duty),
  check ((source_kind = 'NONE') = (source_no is null)),
  check (status <> 'EXECUTED' or (executed_at is not null and supplier_signed_at is not null and buyer_signed_at is not null))
);
create index econtract_comp on econtract(comp_no, status);
create index econtract_amends on econtract(amends_contract_no);

create table econtract_document (
  contract_no  varchar(20) not null references econtract(contract_no),
  kind         varchar(10) not null check (kind in ('DRAFT','EXECUTED')),
  comp_no      varchar(10) not null references company(comp_no),
  content_sha  char(64) not null check (content_sha ~ '^[0-9a-f]{64}$'),
  size_bytes   integer not null check (size_bytes > 0),
  content      bytea not null,
  created_at   timestamptz not null default now(),
  primary key (contract_no, kind)
);

create table econtract_event (
  event_id      bigserial primary key,
  contract_no   varchar(20) not null references econtract(contract_no),
  comp_no       varchar(10) not null references company(comp_no),
  seq           integer not null check (seq >= 1),
  kind          varchar(20) not null,
  occurred_at   timestamptz not null,
  ip            varchar(64),
  user_agent    varchar(500),
  user_id       varchar(50),
  actor_comp_no varchar(10),
  doc_sha       char(64) check (doc_sha ~ '^[0-9a-f]{64}$'),
  detail        jsonb not null default '{}',
  prev_hash     char(64) not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash          char(64) not null check (hash ~ '^[0-9a-f]{64}$'),
  unique (contract_no, seq)
);

create table econtract_stamp (
  contract_no  varchar(20) not null references econtract(contract_no),
  party        varchar(8) not null check (party in ('BUYER','SUPPLIER')),
  comp_no      varchar(10) not null references company(comp_no),
  amount       numeric(18,0) not null check (amount >= 0),
  stamp_no     varchar(60) not null check (length(trim(stamp_no)) > 0),
  recorded_by  varchar(50) not null,
  recorded_at  timestamptz not null default now(),
  primary key (contract_no, party)
);

-- One line: runSqlScript splits statements at a semicolon that ends a line. Refused as a missing privilege
-- (42501) is what it is; SECURITY DEFINER as every trigger on a table the supplier role writes (rls-catalogue).
create function econtract_event_append_only() returns trigger language plpgsql security definer as $$ begin raise exception '% is append-only', tg_table_name using errcode = '42501'; end $$;
create trigger econtract_event_no_change before update or delete on econtract_event
  for each row execute function econtract_event_append_only();
create trigger econtract_event_no_truncate before truncate on econtract_event
  for each statement execute function econtract_event_append_only();

-- An executed contract is what both parties signed: its terms, signatures and documents never change
-- (an amendment is a new contract); only its stamp-duty status may still move (pending → paid).
create function econtract_executed_frozen() returns trigger language plpgsql security definer as $$ begin if old.status = 'EXECUTED' then if tg_op = 'DELETE' or (new.status, new.comp_no, new.template_no, new.template_version, new.contract_type, new.sign_order, new.title, new.source_kind, new.source_no, new.supply_amount, new.vat_amount, new.total_amount, new.start_date, new.end_date, new.contract_date, new.variables, new.document_sha, new.executed_sha, new.supplier_signed_by, new.supplier_signed_at, new.buyer_signed_by, new.buyer_signed_at, new.executed_at, new.stamp_duty, new.stamp_buyer_share, new.amends_contract_no, new.change_summary) is distinct from (old.status, old.comp_no, old.template_no, old.template_version, old.contract_type, old.sign_order, old.title, old.source_kind, old.source_no, old.supply_amount, old.vat_amount, old.total_amount, old.start_date, old.end_date, old.contract_date, old.variables, old.document_sha, old.executed_sha, old.supplier_signed_by, old.supplier_signed_at, old.buyer_signed_by, old.buyer_signed_at, old.executed_at, old.stamp_duty, old.stamp_buyer_share, old.amends_contract_no, old.change_summary) then raise exception 'an executed econtract does not change' using errcode = '55000'; end if; end if; if tg_op = 'DELETE' then return old; end if; return new; end $$;
create trigger econtract_executed_no_change before update or delete on econtract
  for each row execute function econtract_executed_frozen();
-- The PDFs signers were shown and the executed one are evidence too: written once.
create trigger econtract_document_no_change before update or delete on econtract_document
  for each row execute function econtract_event_append_only();
`;

const companyOwned = COMPANY_OWNED.flatMap((t) => [
  `alter table ${t} enable row level security;`,
  `create policy company_isolation on ${t} to ${ROLE} using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));`,
  `grant select, insert, update, delete on ${t} to ${ROLE};`,
]).join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `${up_sql}\n${companyOwned}\ngrant usage, select on sequence econtract_event_event_id_seq to ${ROLE};\n`,
  );
}

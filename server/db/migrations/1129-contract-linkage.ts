import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 연동 on e-contracts (상생협력법 §21; docs/subcontracting.md "납품대금 연동", docs/contracts.md):
 *
 * - `econtract_linkage`: an e-contract's answer — a clause (LINKED) or a 미연동 agreement (NOT_LINKED) — in the
 *   shape of `agreement_linkage` (migration 1121), with where a default came from (the order's agreement, or the
 *   original of an amendment). comp_no, row-level security and the supplier role's grants as the econtract tables
 *   (migration 0700): the supplier reads its own contracts' answers only.
 * - The answer is part of what is signed, so it changes only while its contract is a draft: a trigger refuses any
 *   insert, update or delete once the contract has left DRAFT (submitted, sent, signed, executed) — stricter than
 *   the executed contract's own freeze (0700), because the PDF under approval and signature already states it.
 * - Setting the answer on a draft renders the draft's PDF again. `econtract_document` was written once; its trigger
 *   now lets the DRAFT copy of a contract still in DRAFT be replaced — no party has signed or opened it for signing
 *   yet (VIEWED and SIGNED come after SENT), and the contract's event chain records the hash of every copy made —
 *   and refuses everything else as before (the executed copy, any delete, any copy once submitted).
 * - `econtract.printed_appendix`: an amendment's printed change of its order or LOI (the section the template cannot
 *   leave out), kept so a draft rendered again prints it as first worded; frozen once executed, as the rest.
 */
const ROLE = 'gpms_supplier';

const up_sql = `
create table econtract_linkage (
  contract_no            varchar(20) primary key references econtract(contract_no),
  comp_no                varchar(10) not null references company(comp_no),
  kind                   varchar(12) not null check (kind in ('LINKED','NOT_LINKED')),
  material               varchar(200),
  share_pct              numeric(6,3),
  index_code             varchar(20) references linkage_index(index_code),
  base_date              date,
  base_value             numeric(18,4) check (base_value > 0),
  compare_basis          varchar(12) check (compare_basis in ('DAY','MONTH_AVG')),
  compare_period_months  integer check (compare_period_months between 1 and 12),
  trigger_pct            numeric(5,2),
  formula_note           varchar(1000),
  exception_type         varchar(20) check (exception_type in ('SMALL_AMOUNT','SHORT_TERM','SMALL_ENTRUSTER','AGREED_NONE')),
  reason                 varchar(1000),
  copied_from_kind       varchar(10) check (copied_from_kind in ('AGREEMENT','CONTRACT')),
  copied_from_no         varchar(20),
  updated_by             varchar(50) not null,
  updated_at             timestamptz not null default now(),
  check ((kind = 'LINKED') = (material is not null and share_pct is not null and index_code is not null
         and base_date is not null and base_value is not null and compare_basis is not null
         and compare_period_months is not null and trigger_pct is not null)),
  check ((kind = 'NOT_LINKED') = (exception_type is not null and reason is not null)),
  check ((copied_from_kind is null) = (copied_from_no is null))
);
create index econtract_linkage_index on econtract_linkage(index_code);

alter table econtract_linkage enable row level security;
create policy company_isolation on econtract_linkage to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on econtract_linkage to ${ROLE};

-- One line each: runSqlScript splits statements at a semicolon that ends a line. SECURITY DEFINER as every trigger
-- on a table the supplier role may write (rls-catalogue).
create function econtract_linkage_frozen() returns trigger language plpgsql security definer as $$ begin if (tg_op <> 'INSERT' and exists (select 1 from econtract c where c.contract_no = old.contract_no and c.status <> 'DRAFT')) or (tg_op <> 'DELETE' and exists (select 1 from econtract c where c.contract_no = new.contract_no and c.status <> 'DRAFT')) then raise exception 'the linkage answer of an econtract past its draft does not change' using errcode = '55000'; end if; if tg_op = 'DELETE' then return old; end if; return new; end $$;
create trigger econtract_linkage_no_change before insert or update or delete on econtract_linkage
  for each row execute function econtract_linkage_frozen();

create function econtract_document_write_once() returns trigger language plpgsql security definer as $$ begin if tg_op = 'UPDATE' and old.kind = 'DRAFT' and new.kind = 'DRAFT' and new.contract_no = old.contract_no and new.comp_no = old.comp_no and exists (select 1 from econtract c where c.contract_no = old.contract_no and c.status = 'DRAFT') then return new; end if; raise exception '% is append-only', tg_table_name using errcode = '42501'; end $$;
drop trigger econtract_document_no_change on econtract_document;
create trigger econtract_document_no_change before update or delete on econtract_document
  for each row execute function econtract_document_write_once();

alter table econtract add column printed_appendix jsonb;
create function econtract_appendix_frozen() returns trigger language plpgsql security definer as $$ begin if old.status = 'EXECUTED' and new.printed_appendix is distinct from old.printed_appendix then raise exception 'an executed econtract does not change' using errcode = '55000'; end if; return new; end $$;
create trigger econtract_appendix_no_change before update on econtract
  for each row execute function econtract_appendix_frozen();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

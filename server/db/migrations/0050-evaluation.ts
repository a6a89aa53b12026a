import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Supplier evaluation (docs/evaluation.md): evaluation periods with their criteria
 * (category → criterion, weight, quantitative measure with scoring bands or qualitative 1–5),
 * evaluators per criterion, grade bands A–D with the action each triggers on sourcing, the
 * suppliers in scope, evaluators' tasks and scores, the measured figures (numerator and
 * denominator), totals per supplier with revisions (a finalized total is never changed; a
 * correction is a new revision), confirmations of "warn" grades when sourcing, purchase-contract
 * suppliers and transaction-satisfaction surveys answered by suppliers.
 *
 * Supplier-readable tables carry comp_no and are in COMPANY_OWNED_TABLES.
 */
const up_sql = `
create table eva_period (
  period_id       serial primary key,
  period_name     varchar(100) not null,
  start_date      date not null,
  end_date        date not null,
  due_date        date not null,
  status          varchar(10) not null check (status in ('PLANNED','OPEN','CLOSED')),
  target_mode     varchar(10) not null default 'ALL' check (target_mode in ('ALL','SG','SPEND','LIST')),
  target_sg_code  varchar(20) references sourcing_group(sg_code),
  target_min_spend numeric(18,0),
  target_list     varchar(2000),
  remark          varchar(1000),
  opened_at       timestamptz,
  closed_at       timestamptz,
  computed_at     timestamptz,
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  check (end_date >= start_date),
  check (due_date >= start_date)
);
create index eva_period_dates on eva_period(start_date, end_date);

create table eva_criterion (
  criterion_id  serial primary key,
  period_id     integer not null references eva_period(period_id) on delete cascade,
  seq           integer not null,
  category      varchar(100) not null,
  name          varchar(200) not null,
  kind          varchar(5) not null check (kind in ('QUANT','QUAL')),
  weight        numeric(5,2) not null check (weight > 0 and weight <= 100),
  measure       varchar(20) check (measure in ('ON_TIME','QTY_ACCURACY','QUALITY','PRICE','DISPUTE','RFQ_RESPONSE')),
  bands         jsonb,
  check ((kind = 'QUANT') = (measure is not null)),
  check ((kind = 'QUANT') = (bands is not null)),
  unique (period_id, seq)
);

create table eva_criterion_evaluator (
  criterion_id  integer not null references eva_criterion(criterion_id) on delete cascade,
  evaluator_id  varchar(30) not null references employee(singleid),
  primary key (criterion_id, evaluator_id)
);

create table eva_grade (
  period_id  integer not null references eva_period(period_id) on delete cascade,
  grade      char(1) not null check (grade in ('A','B','C','D')),
  min_score  numeric(5,2) not null check (min_score >= 0 and min_score <= 100),
  action     varchar(5) not null check (action in ('NONE','WARN','BLOCK')),
  primary key (period_id, grade)
);

create table eva_target (
  period_id  integer not null references eva_period(period_id) on delete cascade,
  comp_no    varchar(10) not null references company(comp_no),
  spend_krw  numeric(18,0) not null default 0,
  primary key (period_id, comp_no)
);
create index eva_target_comp on eva_target(comp_no);

create table eva_task (
  task_id       serial primary key,
  period_id     integer not null references eva_period(period_id),
  comp_no       varchar(10) not null references company(comp_no),
  evaluator_id  varchar(30) not null references employee(singleid),
  status        varchar(10) not null check (status in ('PENDING','DRAFT','SUBMITTED')),
  saved_at      timestamptz,
  submitted_at  timestamptz,
  version       integer not null default 1,
  unique (period_id, comp_no, evaluator_id)
);
create index eva_task_evaluator on eva_task(evaluator_id, status);

create table eva_score (
  task_id       integer not null references eva_task(task_id) on delete cascade,
  criterion_id  integer not null references eva_criterion(criterion_id),
  score         integer not null check (score between 1 and 5),
  comment       varchar(1000),
  primary key (task_id, criterion_id)
);

create table eva_measure (
  period_id     integer not null references eva_period(period_id) on delete cascade,
  comp_no       varchar(10) not null references company(comp_no),
  criterion_id  integer not null references eva_criterion(criterion_id) on delete cascade,
  numerator     numeric(20,3) not null,
  denominator   numeric(20,3) not null,
  rate          numeric(7,3),
  score         numeric(6,2),
  computed_at   timestamptz not null default now(),
  primary key (period_id, comp_no, criterion_id)
);

create table eva_total (
  total_id          serial primary key,
  period_id         integer not null references eva_period(period_id),
  comp_no           varchar(10) not null references company(comp_no),
  revision          integer not null default 1,
  status            varchar(12) not null check (status in ('DRAFT','FINAL','SUPERSEDED')),
  computed_score    numeric(6,2) not null,
  adjustment        numeric(6,2) not null default 0,
  adjust_reason     varchar(500),
  total_score       numeric(6,2) not null,
  grade             char(1) not null check (grade in ('A','B','C','D')),
  grade_action      varchar(5) not null check (grade_action in ('NONE','WARN','BLOCK')),
  rank_no           integer,
  prev_score        numeric(6,2),
  correction_reason varchar(500),
  finalized_at      timestamptz,
  finalized_by      varchar(50),
  published_at      timestamptz,
  published_by      varchar(50),
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  version           integer not null default 1,
  unique (period_id, comp_no, revision),
  check ((status = 'DRAFT') = (finalized_at is null)),
  check (published_at is null or finalized_at is not null),
  check (adjustment = 0 or adjust_reason is not null)
);
create unique index eva_total_current on eva_total(period_id, comp_no) where status <> 'SUPERSEDED';
create index eva_total_comp on eva_total(comp_no, status);

create table eva_total_line (
  total_id      integer not null references eva_total(total_id),
  comp_no       varchar(10) not null references company(comp_no),
  criterion_id  integer not null references eva_criterion(criterion_id),
  seq           integer not null,
  category      varchar(100) not null,
  name          varchar(200) not null,
  kind          varchar(5) not null,
  measure       varchar(20),
  weight        numeric(5,2) not null,
  effective_weight numeric(7,4) not null,
  numerator     numeric(20,3),
  denominator   numeric(20,3),
  rate          numeric(7,3),
  score         numeric(6,2),
  weighted      numeric(7,3),
  answers       integer not null default 0,
  comments      varchar(4000),
  primary key (total_id, criterion_id)
);

create table eva_warn_confirm (
  confirm_id    bigserial primary key,
  comp_no       varchar(10) not null references company(comp_no),
  period_id     integer not null references eva_period(period_id),
  total_id      integer not null references eva_total(total_id),
  grade         char(1) not null,
  doc_type      varchar(10) not null check (doc_type in ('RFQ','PO','SIMPLE')),
  doc_no        varchar(20) not null,
  confirmed_by  varchar(50) not null,
  confirmed_at  timestamptz not null default now()
);
create index eva_warn_confirm_doc on eva_warn_confirm(doc_type, doc_no);

create table pur_contract (
  contract_no     varchar(20) primary key,
  comp_no         varchar(10) not null references company(comp_no),
  contract_year   integer not null check (contract_year between 2000 and 2100),
  title           varchar(200) not null,
  sg_code         varchar(20) references sourcing_group(sg_code),
  start_date      date not null,
  end_date        date not null,
  payment_terms   varchar(200) not null,
  delivery_terms  varchar(200),
  amount_limit    numeric(18,0),
  status          varchar(10) not null check (status in ('ACTIVE','TERMINATED')),
  remark          varchar(1000),
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  check (end_date >= start_date)
);
create index pur_contract_comp on pur_contract(comp_no, contract_year);

create table sat_survey (
  survey_id    serial primary key,
  title        varchar(200) not null,
  start_date   date not null,
  end_date     date not null,
  status       varchar(10) not null check (status in ('DRAFT','OPEN','CLOSED')),
  created_by   varchar(50) not null,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  version      integer not null default 1,
  check (end_date >= start_date)
);

create table sat_question (
  survey_id  integer not null references sat_survey(survey_id) on delete cascade,
  q_no       integer not null,
  text       varchar(500) not null,
  primary key (survey_id, q_no)
);

create table sat_response (
  survey_id     integer not null references sat_survey(survey_id),
  comp_no       varchar(10) not null references company(comp_no),
  status        varchar(10) not null check (status in ('REQUESTED','SUBMITTED')),
  comment       varchar(1000),
  submitted_at  timestamptz,
  submitted_by  varchar(50),
  version       integer not null default 1,
  primary key (survey_id, comp_no)
);

create table sat_answer (
  survey_id  integer not null,
  comp_no    varchar(10) not null references company(comp_no),
  q_no       integer not null,
  score      integer not null check (score between 1 and 5),
  primary key (survey_id, comp_no, q_no),
  foreign key (survey_id, comp_no) references sat_response(survey_id, comp_no),
  foreign key (survey_id, q_no) references sat_question(survey_id, q_no)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Supplier applications (docs/suppliers.md "Application"): the public wizard's
 * application, kept under its receipt number and a secret (only the secret's hash is stored) for
 * seven days while unfinished; the versioned terms it consents to; and the registration
 * evaluation a new company's application gets when it is submitted.
 *
 * No login exists before approval: the first user's id and password hash wait here and become an
 * app_user row only in the approving transaction.
 */
const up_sql = `
create table apply_terms (
  kind            varchar(10) not null check (kind in ('TERMS','PRIVACY')),
  version         varchar(20) not null,
  title           varchar(200) not null,
  body            text not null,
  effective_from  date not null,
  primary key (kind, version)
);

create table supplier_application (
  receipt_no         varchar(20) primary key,
  apply_type         varchar(12) not null check (apply_type in ('NEW_COMPANY','NEW_USER')),
  secret_hash        char(64) not null,
  status             varchar(10) not null default 'DRAFT' check (status in ('DRAFT','SUBMITTED','APPROVED','REJECTED','EXPIRED')),
  step               integer not null default 0 check (step between 0 and 3),
  terms_version      varchar(20),
  privacy_version    varchar(20),
  consented_at       timestamptz,
  tax_no             char(10) check (tax_no ~ '^[0-9]{10}$'),
  corp_no            char(13) check (corp_no ~ '^[0-9]{13}$'),
  comp_name_kr       varchar(100),
  comp_name_en       varchar(100),
  ceo_name           varchar(50),
  zip_code           varchar(10),
  address            varchar(300),
  biz_type           varchar(100),
  biz_item           varchar(100),
  phone_no           varchar(20),
  bank_code          varchar(10),
  bank_account       varchar(30),
  bank_holder        varchar(50),
  file_id            varchar(36) references file_group(file_id),
  cert_seq           integer,
  bankbook_seq       integer,
  comp_no            varchar(10) references company(comp_no),
  user_id            varchar(50),
  hname              varchar(50),
  user_phone_no      varchar(20),
  cell_phone_no      varchar(20),
  email              varchar(100),
  password_hash      varchar(200),
  otp_hash           char(64),
  otp_phone          varchar(20),
  otp_expires_at     timestamptz,
  otp_attempts       integer not null default 0,
  phone_verified_at  timestamptz,
  submitted_at       timestamptz,
  user_decision      varchar(10) not null default 'PENDING' check (user_decision in ('PENDING','APPROVED','REJECTED')),
  user_decided_by    varchar(50),
  user_decided_at    timestamptz,
  user_comment       varchar(1000),
  decided_at         timestamptz,
  reject_reason      varchar(1000),
  expires_at         timestamptz not null,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  version            integer not null default 1
);
create index supplier_application_status on supplier_application(status, submitted_at);
create index supplier_application_file_id on supplier_application(file_id) where file_id is not null;
-- Two open applications never race for one business number or one login id.
create unique index supplier_application_open_tax on supplier_application(tax_no) where status = 'SUBMITTED' and apply_type = 'NEW_COMPANY';
create unique index supplier_application_open_user on supplier_application(lower(user_id)) where status = 'SUBMITTED';

create table supplier_application_category (
  receipt_no  varchar(20) not null references supplier_application(receipt_no) on delete cascade,
  cat_code    varchar(20) not null references item_category(cat_code),
  primary key (receipt_no, cat_code)
);

create table registration_evaluation (
  eval_no        varchar(20) primary key,
  receipt_no     varchar(20) not null unique references supplier_application(receipt_no),
  status         varchar(10) not null default 'OPEN' check (status in ('OPEN','PASSED','FAILED','CANCELLED')),
  chk_cert       char(1) not null default 'N' check (chk_cert in ('Y','N')),
  chk_bank       char(1) not null default 'N' check (chk_bank in ('Y','N')),
  chk_tax        char(1) not null default 'N' check (chk_tax in ('Y','N')),
  chk_credit     char(1) not null default 'N' check (chk_credit in ('Y','N')),
  chk_quality    char(1) not null default 'N' check (chk_quality in ('Y','N')),
  score          integer check (score between 0 and 100),
  pass_mark      integer not null default 70 check (pass_mark between 0 and 100),
  remark         varchar(1000),
  fail_reason    varchar(1000),
  evaluator      varchar(50),
  evaluated_at   timestamptz,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  version        integer not null default 1
);
create index registration_evaluation_status on registration_evaluation(status, created_at);

insert into apply_terms (kind, version, title, body, effective_from) values
  ('TERMS', '2025-01', '협력사 포털 이용약관', '제1조 (목적) 이 약관은 회사가 운영하는 협력사 포털의 이용 조건을 정합니다.', '2025-01-01'),
  ('TERMS', '2026-07', '협력사 포털 이용약관', E'제1조 (목적) 이 약관은 회사가 운영하는 협력사 포털(OGPMS)의 이용 조건과 절차, 회사와 협력사의 권리와 의무를 정합니다.\\n제2조 (가입 신청) 협력사는 회사가 정한 양식에 따라 사실대로 신청하며, 회사의 등록평가와 승인 후에 포털을 이용할 수 있습니다.\\n제3조 (계정 관리) 협력사는 아이디와 비밀번호를 직접 관리하며 제3자에게 알려서는 안 됩니다.\\n제4조 (변경 신고) 상호, 대표자, 계좌 등 등록 정보가 바뀌면 지체 없이 변경을 신청해야 합니다.', '2026-07-01'),
  ('PRIVACY', '2025-01', '개인정보 수집·이용 동의', '수집 항목: 성명, 연락처, 이메일. 목적: 협력사 등록 심사.', '2025-01-01'),
  ('PRIVACY', '2026-07', '개인정보 수집·이용 동의', E'수집 항목: 담당자 성명, 전화번호, 휴대전화번호, 이메일, 아이디\\n수집 목적: 협력사 등록 심사, 포털 계정 발급, 거래 관련 연락\\n보유 기간: 거래 종료 후 5년 (관계 법령이 정한 기간)\\n동의를 거부할 수 있으나, 거부하면 협력사 등록 신청을 할 수 없습니다.', '2026-07-01');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

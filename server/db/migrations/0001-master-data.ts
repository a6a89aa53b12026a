import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Master data: organisation, people and accounts, authority and menus, codes and messages,
 * suppliers, items and sourcing groups, files and audit. Money is numeric (exact), never float.
 */
const up_sql = `
create table business_section (
  top_dept        varchar(20) primary key,
  section_name    varchar(100) not null,
  section_name_en varchar(100) not null,
  sort_order      integer not null default 0,
  use_yn          char(1) not null default 'Y' check (use_yn in ('Y','N'))
);

create table department (
  deptcd        varchar(20) primary key,
  yyyymm        char(6) not null,
  top_dept      varchar(20) not null references business_section(top_dept),
  indept        varchar(20) references department(deptcd),
  deptnm        varchar(100) not null,
  deptnm_en     varchar(100) not null,
  comp_yn       char(1) not null default 'N' check (comp_yn in ('Y','N')),
  sort_order    integer not null default 0,
  use_yn        char(1) not null default 'Y' check (use_yn in ('Y','N'))
);
create index department_top_dept on department(top_dept);
create index department_deptnm on department(deptnm);

create table employee (
  singleid      varchar(30) primary key,
  hname         varchar(50) not null,
  ename         varchar(100) not null,
  section       varchar(20) not null references business_section(top_dept),
  deptcd        varchar(20) not null references department(deptcd),
  position      varchar(10) not null,
  position_nm   varchar(50) not null,
  in_dept_code  varchar(20),
  site          varchar(50),
  tel_no        varchar(20),
  cell_phone_no varchar(20),
  email         varchar(100),
  app_chk       char(1) not null default 'N' check (app_chk in ('Y','N')),
  status        varchar(10) not null default 'ACTIVE',
  status_dt     date,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  version       integer not null default 1
);
create index employee_hname on employee(hname);
create index employee_deptcd on employee(deptcd);
create index employee_section on employee(section);

create table auth_group (
  auth_group_id varchar(2) primary key,
  name_ko       varchar(50) not null,
  name_en       varchar(50) not null,
  portal        char(1) not null check (portal in ('I','X')),
  description   varchar(200),
  sort_order    integer not null default 0,
  use_yn        char(1) not null default 'Y' check (use_yn in ('Y','N'))
);

create table company (
  comp_no        varchar(10) primary key,
  comp_name_kr   varchar(100) not null,
  comp_name_en   varchar(100),
  tax_no         char(10) not null unique,
  tax_no_2       char(12) not null,
  ceo_name       varchar(50) not null,
  biz_type       varchar(50),
  biz_item       varchar(100),
  zip_code       varchar(10),
  address        varchar(200),
  phone_no       varchar(20),
  fax_no         varchar(20),
  email          varchar(100),
  homepage       varchar(100),
  bank_code      varchar(10),
  bank_account   varchar(40),
  status         varchar(10) not null default 'ACTIVE',
  forward_yn     char(1) not null default 'Y' check (forward_yn in ('Y','N')),
  council_yn     char(1) not null default 'N' check (council_yn in ('Y','N')),
  reg_date       date not null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  version        integer not null default 1
);
create index company_name on company(comp_name_kr);

create table company_contact (
  comp_no       varchar(10) not null references company(comp_no),
  seq           integer not null,
  name          varchar(50) not null,
  dept_name     varchar(50),
  position_nm   varchar(50),
  phone_no      varchar(20),
  cell_phone_no varchar(20),
  email         varchar(100),
  main_yn       char(1) not null default 'N' check (main_yn in ('Y','N')),
  primary key (comp_no, seq)
);

-- Login accounts of both portals. Internal accounts point at an employee (singleid);
-- external accounts belong to one supplier company (comp_no).
create table app_user (
  user_id             varchar(50) primary key,
  portal              char(1) not null check (portal in ('I','X')),
  singleid            varchar(30) unique references employee(singleid),
  comp_no             varchar(10) references company(comp_no),
  hname               varchar(50) not null,
  ename               varchar(100),
  email               varchar(100),
  cell_phone_no       varchar(20),
  phone_no            varchar(20),
  auth                char(1),
  auth_group_id       varchar(2) not null references auth_group(auth_group_id),
  use_flag            char(1) not null default 'Y' check (use_flag in ('Y','N')),
  status              varchar(10) not null default 'NORMAL',
  password_hash       text,
  password_changed_at timestamptz,
  password_expires_at timestamptz,
  failed_login_count  integer not null default 0,
  locked_at           timestamptz,
  last_login_at       timestamptz,
  last_login_ip       varchar(64),
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now(),
  version             integer not null default 1,
  check ((portal = 'I' and singleid is not null and comp_no is null) or (portal = 'X' and comp_no is not null))
);
create index app_user_comp_no on app_user(comp_no);
create index app_user_auth_group on app_user(auth_group_id);

create table user_session (
  session_id          varchar(40) primary key,
  user_id             varchar(50) not null references app_user(user_id),
  portal              char(1) not null check (portal in ('I','X')),
  ip                  varchar(64),
  last_login_ip       varchar(64),
  last_login_date     timestamptz,
  user_agent          varchar(300),
  refresh_token_hash  varchar(128),
  created_date        timestamptz not null default now(),
  last_seen_at        timestamptz not null default now(),
  expired_date        timestamptz not null,
  ended_at            timestamptz,
  end_reason          varchar(30)
);
create index user_session_user on user_session(user_id);
create index user_session_open on user_session(expired_date) where ended_at is null;

create table menu (
  pgm_id        varchar(40) primary key,
  parent_id     varchar(40) references menu(pgm_id),
  depth         integer not null check (depth between 1 and 3),
  pgm_name      varchar(100) not null,
  pgm_name_en   varchar(100) not null,
  ssp_url       varchar(200),
  ssp_sub_urls  text[] not null default '{}',
  leaf          char(1) not null check (leaf in ('T','F')),
  portal        char(1) not null check (portal in ('I','X')),
  sort_order    integer not null default 0,
  use_yn        char(1) not null default 'Y' check (use_yn in ('Y','N'))
);
create index menu_parent on menu(parent_id);

create table menu_auth (
  auth_group_id varchar(2) not null references auth_group(auth_group_id),
  pgm_id        varchar(40) not null references menu(pgm_id),
  can_read      char(1) not null default 'Y' check (can_read in ('Y','N')),
  can_write     char(1) not null default 'N' check (can_write in ('Y','N')),
  primary key (auth_group_id, pgm_id)
);

create table menu_log (
  id        bigserial primary key,
  user_id   varchar(50) not null,
  pgm_id    varchar(40),
  path      varchar(300) not null,
  portal    char(1) not null,
  ip        varchar(64),
  at        timestamptz not null default now()
);
create index menu_log_user on menu_log(user_id, at);

create table code_group (
  group_id    varchar(40) primary key,
  name_ko     varchar(100) not null,
  name_en     varchar(100) not null,
  description varchar(300),
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  version     integer not null default 1
);

create table code (
  group_id    varchar(40) not null references code_group(group_id),
  code        varchar(40) not null,
  text_ko     varchar(200) not null,
  text_en     varchar(200) not null,
  attr_1      varchar(100),
  attr_2      varchar(100),
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  version     integer not null default 1,
  primary key (group_id, code)
);

create table message (
  msg_key     varchar(100) primary key,
  category    varchar(20) not null default 'ui',
  text_ko     varchar(1000) not null,
  text_en     varchar(1000) not null,
  updated_at  timestamptz not null default now(),
  version     integer not null default 1
);

create table unit (
  unit_code   varchar(10) primary key,
  name_ko     varchar(50) not null,
  name_en     varchar(50) not null,
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N'))
);

create table item_category (
  cat_code    varchar(20) primary key,
  parent_code varchar(20) references item_category(cat_code),
  depth       integer not null check (depth between 1 and 3),
  name_ko     varchar(100) not null,
  name_en     varchar(100) not null,
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N'))
);

create table sourcing_group (
  sg_code     varchar(20) primary key,
  sg_level    char(3) not null check (sg_level in ('001','002','003','004')),
  up_code     varchar(20) references sourcing_group(sg_code),
  sg_name     varchar(100) not null,
  sg_name_en  varchar(100) not null,
  buyer_id    varchar(30) references employee(singleid),
  sort_order  integer not null default 0,
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  check ((sg_level = '001') = (up_code is null))
);
create index sourcing_group_up on sourcing_group(sg_level, up_code);

create table item (
  item_code   varchar(20) primary key,
  item_name   varchar(200) not null,
  item_name_en varchar(200),
  spec        varchar(300),
  cat_code    varchar(20) not null references item_category(cat_code),
  sg_code     varchar(20) not null references sourcing_group(sg_code),
  unit_code   varchar(10) not null references unit(unit_code),
  ref_price   numeric(18,2) not null check (ref_price >= 0),
  currency    char(3) not null check (currency in ('KRW','JPY')),
  maker       varchar(100),
  use_yn      char(1) not null default 'Y' check (use_yn in ('Y','N')),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1
);
create index item_name on item(item_name);
create index item_sg on item(sg_code);
create index item_cat on item(cat_code);

create table file_group (
  file_id     varchar(36) primary key,
  created_by  varchar(50),
  created_at  timestamptz not null default now()
);

create table file_entry (
  file_id       varchar(36) not null references file_group(file_id),
  seq           integer not null,
  original_name varchar(300) not null,
  stored_name   varchar(100) not null,
  size_bytes    bigint not null,
  mime_type     varchar(150) not null,
  checksum      char(64) not null,
  created_by    varchar(50),
  created_at    timestamptz not null default now(),
  deleted_at    timestamptz,
  primary key (file_id, seq)
);

create table audit_log (
  id          bigserial primary key,
  entity      varchar(50) not null,
  entity_key  varchar(100) not null,
  action      varchar(30) not null,
  actor       varchar(50),
  at          timestamptz not null default now(),
  before_data jsonb,
  after_data  jsonb,
  reason      varchar(500)
);
create index audit_log_entity on audit_log(entity, entity_key);

create table document_sequence (
  prefix      varchar(10) not null,
  period      varchar(8) not null,
  last_value  integer not null,
  primary key (prefix, period)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

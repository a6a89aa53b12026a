import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Portal administration (issue 17): menus and authority groups gain a version (a stale edit answers
 * 409), and one table holds the posts of the boards — the internal notice board and FAQ, and the
 * notices shown on the supplier portal's home. A post's body is stored as typed (plain text): the
 * screens show it as text, never as markup.
 */
const up_sql = `
alter table menu add column version integer not null default 1;
alter table auth_group add column version integer not null default 1;

create table board_post (
  post_id     bigserial primary key,
  board       varchar(10) not null check (board in ('NOTICE','FAQ','CYBER')),
  category    varchar(40),
  title       varchar(200) not null check (length(title) > 0),
  body        text not null check (length(body) <= 20000),
  pinned      char(1) not null default 'N' check (pinned in ('Y','N')),
  show_from   date,
  show_to     date,
  file_id     varchar(36) references file_group(file_id),
  created_by  varchar(50) not null,
  created_at  timestamptz not null default now(),
  updated_by  varchar(50),
  updated_at  timestamptz not null default now(),
  version     integer not null default 1,
  check (show_from is null or show_to is null or show_to >= show_from)
);
create index board_post_list on board_post(board, pinned, created_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

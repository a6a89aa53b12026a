import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Screen definitions written in the screen studio (docs/studio.md), stored beside the
 * built-in ones in screens/. A stored screen is served at /s/<name> (internal) or /cyber/s/<name>
 * (external); its draft is what the analyst edits (saved as typed, an invalid one too, with the
 * problems found at the save), its versions are what was published (a version is never changed),
 * and `pgm_id` is the menu row that publishing created.
 *
 * The definition's text is limited to 64 KiB (65,536 bytes of UTF-8): the largest built-in
 * definition (orderRequestEdit) is 22.5 KB as indented JSON, and a stored screen is checked and sent whole on every visit.
 * The server refuses a larger one with 413 before it reaches these checks, which only keep the
 * table honest.
 */
const up_sql = `
create table stored_screen (
  name              varchar(38) primary key check (name ~ '^[a-z][A-Za-z0-9]{1,37}$'),
  portal            char(1) not null check (portal in ('I','X')),
  kind              varchar(12) not null check (kind in ('list','edit','tree','dashboard','unknown')),
  title             varchar(200) not null,
  draft_source      text not null check (octet_length(draft_source) <= 65536),
  draft_labels      jsonb not null default '{}'::jsonb,
  draft_problems    jsonb not null default '[]'::jsonb,
  draft_version     integer not null default 1,
  published_version integer,
  pgm_id            varchar(40) references menu(pgm_id),
  created_by        varchar(50) not null,
  created_at        timestamptz not null default now(),
  updated_by        varchar(50) not null,
  updated_at        timestamptz not null default now()
);
create unique index stored_screen_menu on stored_screen(pgm_id) where pgm_id is not null;

create table stored_screen_version (
  name        varchar(38) not null references stored_screen(name),
  version_no  integer not null check (version_no >= 1),
  source      text not null check (octet_length(source) <= 65536),
  labels      jsonb not null default '{}'::jsonb,
  note        varchar(500),
  restored_from integer,
  created_by  varchar(50) not null,
  created_at  timestamptz not null default now(),
  primary key (name, version_no)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

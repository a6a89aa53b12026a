import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The imports of 연동 기준 지표 values from a file (docs/subcontracting.md "Values from a file"): each import that
 * wrote its rows, numbered LX…, with the file it read (the file API's group), how many rows it wrote, new and
 * replaced, who and when. The row makes the index screen the file's owner (server/modules/files/owners.ts,
 * LINKAGE_INDEX_IMPORT): a group holding write on /linkageIndexManage may upload the file and, once imported, its
 * readers read the file it came from. Internal: no company, no grant to the supplier role.
 */
const up_sql = `
create table linkage_index_import (
  import_no    varchar(20) primary key,
  file_id      varchar(36) not null references file_group(file_id),
  row_count    integer not null check (row_count > 0),
  created      integer not null check (created >= 0),
  replaced     integer not null check (replaced >= 0),
  imported_by  varchar(50) not null,
  imported_at  timestamptz not null default now(),
  check (created + replaced = row_count)
);
create index linkage_index_import_file on linkage_index_import(file_id);
`;

const down_sql = `drop table linkage_index_import;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}

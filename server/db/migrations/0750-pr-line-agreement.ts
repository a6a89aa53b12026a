import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A PR line "from agreement" (docs/agreements.md): the requester names a framework agreement's line,
 * whose item and agreed price the line takes. The PR consumes nothing; the order of that line (a
 * call-off) does, against the agreement line named here.
 */
const up_sql = `
alter table pr_line add column agreement_no varchar(20);
alter table pr_line add column agreement_line_no integer;
alter table pr_line add constraint pr_line_agreement_fk foreign key (agreement_no, agreement_line_no)
  references agreement_line(agreement_no, line_no);
alter table pr_line add constraint pr_line_agreement_both check ((agreement_no is null) = (agreement_line_no is null));
create index pr_line_agreement on pr_line(agreement_no, agreement_line_no);
`;

const down_sql = `
drop index if exists pr_line_agreement;
alter table pr_line drop constraint if exists pr_line_agreement_both;
alter table pr_line drop constraint if exists pr_line_agreement_fk;
alter table pr_line drop column if exists agreement_line_no;
alter table pr_line drop column if exists agreement_no;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}

import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../http/list-query.js';
import type { MESSAGE_SORT_FIELDS } from './schemas.js';

export interface MessageRecord {
  msgKey: string;
  category: string;
  textKo: string;
  textEn: string;
  updatedAt: string;
  version: number;
}

export interface MessageFilter {
  msgKey?: string;
  text?: string;
  category?: string;
}

const COLUMNS = ['msgKey', 'category', 'textKo', 'textEn', 'updatedAt', 'version'] as const;

export async function listMessages(
  db: Db,
  filter: MessageFilter,
  sort: SortSpec<(typeof MESSAGE_SORT_FIELDS)[number]>,
  window: { limit: number; offset: number },
): Promise<{ rows: MessageRecord[]; total: number }> {
  let base = db.selectFrom('message');
  const key = given(filter.msgKey);
  const text = given(filter.text);
  if (key) base = base.where('msgKey', 'ilike', `${likeEscape(key)}%`);
  if (text)
    base = base.where((eb) =>
      eb.or([eb('textKo', 'ilike', `%${likeEscape(text)}%`), eb('textEn', 'ilike', `%${likeEscape(text)}%`)]),
    );
  if (filter.category) base = base.where('category', '=', filter.category);
  const [rows, count] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy(sort.field, sort.direction)
      // A unique tie-breaker keeps pages stable when the sort column repeats.
      .orderBy('msgKey', 'asc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findMessage(db: Db, msgKey: string): Promise<MessageRecord | undefined> {
  return db.selectFrom('message').select(COLUMNS).where('msgKey', '=', msgKey).executeTakeFirst();
}

/** The message's row, locked until the transaction ends. */
export function lockMessage(trx: Db, msgKey: string) {
  return trx
    .selectFrom('message')
    .select(['msgKey', 'category', 'textKo', 'textEn', 'version'])
    .where('msgKey', '=', msgKey)
    .forUpdate()
    .executeTakeFirst();
}

export function insertMessage(trx: Db, values: Insertable<Database['message']>) {
  return trx.insertInto('message').values(values).execute();
}

export function updateMessageRow(trx: Db, msgKey: string, values: Updateable<Database['message']>) {
  return trx.updateTable('message').set(values).where('msgKey', '=', msgKey).execute();
}

export function deleteMessageRow(trx: Db, msgKey: string) {
  return trx.deleteFrom('message').where('msgKey', '=', msgKey).execute();
}

import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { BoardPostTable } from '../../../db/schema.generated.js';
import { likeEscape, type SortSpec } from '../../../http/list-query.js';
import type { POST_SORT } from '../schemas.js';

export type Board = 'NOTICE' | 'FAQ' | 'CYBER';

const POST_COLUMNS = [
  'p.postId',
  'p.board',
  'p.category',
  'p.title',
  'p.body',
  'p.pinned',
  'p.showFrom',
  'p.showTo',
  'p.fileId',
  'p.createdBy',
  'p.createdAt',
  'p.updatedAt',
  'p.version',
] as const;

export type PostRecord = {
  postId: number;
  board: string;
  category: string | null;
  title: string;
  body: string;
  pinned: string;
  showFrom: string | null;
  showTo: string | null;
  fileId: string | null;
  createdBy: string;
  writerName: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

function posts(db: Db, board: Board) {
  return db
    .selectFrom('boardPost as p')
    .leftJoin('appUser as u', 'u.userId', 'p.createdBy')
    .where('p.board', '=', board);
}

/** A page of a board's posts (title or body contains, category), pinned first, and the count. */
export async function listPosts(
  db: Db,
  board: Board,
  f: { text?: string; category?: string },
  sort: SortSpec<(typeof POST_SORT)[number]>,
  window: { limit: number; offset: number },
) {
  const text = f.text;
  const base = posts(db, board)
    .$if(!!text, (qb) =>
      qb.where((eb) =>
        eb.or([eb('p.title', 'ilike', `%${likeEscape(text!)}%`), eb('p.body', 'ilike', `%${likeEscape(text!)}%`)]),
      ),
    )
    .$if(!!f.category, (qb) => qb.where('p.category', '=', f.category!));
  const [rows, count] = await Promise.all([
    base
      .select(POST_COLUMNS)
      .select('u.hname as writerName')
      .orderBy('p.pinned', 'desc')
      .orderBy(`p.${sort.field}`, sort.direction)
      .orderBy('p.postId', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PostRecord[], total: Number(count.n) };
}

export async function findPost(db: Db, board: Board, postId: number): Promise<PostRecord | undefined> {
  return (await posts(db, board)
    .select(POST_COLUMNS)
    .select('u.hname as writerName')
    .where('p.postId', '=', postId)
    .executeTakeFirst()) as PostRecord | undefined;
}

/** The post as stored, locked for a change. */
export function lockPost(db: Db, board: Board, postId: number) {
  return db
    .selectFrom('boardPost')
    .selectAll()
    .where('postId', '=', postId)
    .where('board', '=', board)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertPost(db: Db, values: Insertable<BoardPostTable>): Promise<number> {
  const row = await db.insertInto('boardPost').values(values).returning('postId').executeTakeFirstOrThrow();
  return row.postId;
}

export async function updatePost(db: Db, postId: number, values: Partial<Insertable<BoardPostTable>>): Promise<void> {
  await db.updateTable('boardPost').set(values).where('postId', '=', postId).execute();
}

export async function deletePost(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('boardPost').where('postId', '=', postId).execute();
}

/** Every FAQ post by category, pinned first, oldest first. */
export async function faqPosts(db: Db) {
  return (await posts(db, 'FAQ')
    .select(POST_COLUMNS)
    .orderBy('p.category')
    .orderBy('p.pinned', 'desc')
    .orderBy('p.createdAt')
    .orderBy('p.postId')
    .execute()) as Array<Omit<PostRecord, 'writerName'>>;
}

/** The supplier portal's notices shown on the given day, pinned first, newest first, at most 10. */
export async function noticesShownOn(db: Db, day: string) {
  const rows = await posts(db, 'CYBER')
    .select(POST_COLUMNS)
    .select(sql<string | null>`null`.as('writerName'))
    .where((eb) => eb.or([eb('p.showFrom', 'is', null), eb('p.showFrom', '<=', day)]))
    .where((eb) => eb.or([eb('p.showTo', 'is', null), eb('p.showTo', '>=', day)]))
    .orderBy('p.pinned', 'desc')
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.postId', 'desc')
    .limit(10)
    .execute();
  return rows as PostRecord[];
}

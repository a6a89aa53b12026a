import type { Static } from 'typebox';
import { badRequest, notFound } from '../../../http/errors.js';
import { given, pageWindow, parseSort } from '../../../http/list-query.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import type { POST_SORT, PostCreateBody, PostListQuery, PostUpdateBody } from '../schemas.js';
import { versionConflict } from '../rules.js';
import { assertBindable } from '../../files/owners.js';
import type { FaqNode } from './schemas.js';
import {
  deletePost,
  faqPosts,
  findPost,
  insertPost,
  listPosts,
  lockPost,
  noticesShownOn,
  updatePost,
  type Board,
} from './queries.js';

/**
 * The boards: the internal notice board (/board/notice), the FAQ (/board/faq) and the supplier
 * portal's notices (/portal/ogpmsManage/notice); and the notices the supplier home shows today.
 */

const NOT_FOUND = () => notFound('POST_NOT_FOUND', '게시글을 찾을 수 없습니다');

/** Title and body as typed (kept as plain text, shown as text); a blank title or an empty period is refused. */
function postValues(
  board: Board,
  b: {
    category?: string | null;
    title: string;
    body: string;
    pinned?: 'Y' | 'N';
    showFrom?: string | null;
    showTo?: string | null;
    fileId?: string | null;
  },
) {
  const details: Array<{ path: string; message: string }> = [];
  if (!b.title.trim()) details.push({ path: 'body/title', message: '필수 입력 항목입니다' });
  if (!b.body.trim()) details.push({ path: 'body/body', message: '필수 입력 항목입니다' });
  const category = b.category?.trim() || null;
  if (board === 'FAQ' && !category) details.push({ path: 'body/category', message: '필수 입력 항목입니다' });
  const showFrom = b.showFrom || null;
  const showTo = b.showTo || null;
  if (showFrom && showTo && showTo < showFrom)
    details.push({ path: 'body/showTo', message: '게시 종료일은 시작일 이후여야 합니다' });
  if (details.length) throw badRequest('VALIDATION', '입력 항목을 확인하세요', details);
  return {
    category,
    title: b.title.trim(),
    body: b.body,
    pinned: b.pinned ?? 'N',
    showFrom,
    showTo,
    fileId: b.fileId || null,
  };
}

export async function searchPosts(db: Db, board: Board, q: Static<typeof PostListQuery>) {
  const sort = parseSort<(typeof POST_SORT)[number]>(q.sort, { field: 'createdAt', direction: 'desc' });
  const { rows, total } = await listPosts(
    db,
    board,
    { text: given(q.title), category: given(q.category) ? q.category!.trim() : undefined },
    sort,
    pageWindow(q),
  );
  return { rows, total };
}

export async function getPost(db: Db, board: Board, postId: number) {
  const row = await findPost(db, board, postId);
  if (!row) throw NOT_FOUND();
  return row;
}

export async function createPost(db: Db, board: Board, body: Static<typeof PostCreateBody>, actor: string) {
  const values = postValues(board, body);
  // A notice of the supplier portal shows its files to every supplier: never another document's group.
  await assertBindable(db, { userId: actor }, 'body/fileId', values.fileId, { docType: 'BOARD_POST', docNo: null });
  const postId = await db.transaction().execute(async (trx) => {
    const id = await insertPost(trx, { ...values, board, createdBy: actor, updatedBy: actor });
    await writeAudit(trx, {
      entity: 'boardPost',
      entityKey: String(id),
      action: 'CREATE',
      actor,
      after: { board, ...values },
    });
    return id;
  });
  return (await findPost(db, board, postId))!;
}

export async function changePost(
  db: Db,
  board: Board,
  postId: number,
  body: Static<typeof PostUpdateBody>,
  actor: string,
) {
  const values = postValues(board, body);
  await assertBindable(db, { userId: actor }, 'body/fileId', values.fileId, {
    docType: 'BOARD_POST',
    docNo: String(postId),
  });
  await db.transaction().execute(async (trx) => {
    const before = await lockPost(trx, board, postId);
    if (!before) throw NOT_FOUND();
    if (before.version !== body.version) throw versionConflict(before.version);
    await updatePost(trx, postId, { ...values, updatedBy: actor, updatedAt: new Date(), version: before.version + 1 });
    await writeAudit(trx, {
      entity: 'boardPost',
      entityKey: String(postId),
      action: 'UPDATE',
      actor,
      before,
      after: values,
    });
  });
  return (await findPost(db, board, postId))!;
}

export async function removePost(db: Db, board: Board, postId: number, version: number, actor: string) {
  await db.transaction().execute(async (trx) => {
    const before = await lockPost(trx, board, postId);
    if (!before) throw NOT_FOUND();
    if (before.version !== version) throw versionConflict(before.version);
    await deletePost(trx, postId);
    await writeAudit(trx, { entity: 'boardPost', entityKey: String(postId), action: 'DELETE', actor, before });
  });
  return { code: 'OK' as const };
}

/** The FAQ as a tree: FAQ › category › question (the answer in body). */
export async function faqTree(db: Db) {
  const rows = await faqPosts(db);
  const nodes: Array<Static<typeof FaqNode>> = [
    {
      nodeId: 'FAQ',
      parentNodeId: null,
      label: 'FAQ',
      postId: null,
      category: null,
      title: null,
      body: null,
      pinned: null,
      fileId: null,
      version: null,
    },
  ];
  for (const category of [...new Set(rows.map((r) => r.category ?? ''))]) {
    nodes.push({
      nodeId: `C:${category}`,
      parentNodeId: 'FAQ',
      label: category,
      postId: null,
      category,
      title: null,
      body: null,
      pinned: null,
      fileId: null,
      version: null,
    });
  }
  for (const r of rows) {
    nodes.push({
      nodeId: `P:${r.postId}`,
      parentNodeId: `C:${r.category ?? ''}`,
      label: r.title,
      postId: r.postId,
      category: r.category,
      title: r.title,
      body: r.body,
      pinned: r.pinned,
      fileId: r.fileId,
      version: r.version,
    });
  }
  return { rows: nodes, total: nodes.length };
}

/** Notices the supplier home shows today (within their period). */
export async function homeNotices(db: Db, now: Date) {
  return noticesShownOn(db, todayKst(now));
}

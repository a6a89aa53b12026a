import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { todayKst } from '../../domain/dates.js';
import { POST_SORT, PostCreateBody, PostListQuery, PostParams, PostRow, PostUpdateBody, VersionQuery } from './schemas.js';
import { versionConflict } from './rules.js';

type Board = 'NOTICE' | 'FAQ' | 'CYBER';

/** The three boards: where each lives, the screen whose menu authority governs it, its operation names. */
const BOARDS: ReadonlyArray<{ board: Board; path: string; screen: string; op: string; what: string }> = [
  { board: 'NOTICE', path: '/api/v1/board/notices', screen: '/board/notice', op: 'Notice', what: 'internal notice board' },
  { board: 'FAQ', path: '/api/v1/board/faqs', screen: '/board/faq', op: 'Faq', what: 'FAQ (by category)' },
  { board: 'CYBER', path: '/api/v1/portal/cyber-notices', screen: '/portal/ogpmsManage/notice', op: 'CyberNotice', what: 'notices for the supplier portal' },
];

const POST_COLUMNS = ['p.postId', 'p.board', 'p.category', 'p.title', 'p.body', 'p.pinned', 'p.showFrom', 'p.showTo', 'p.fileId', 'p.createdBy', 'p.createdAt', 'p.updatedAt', 'p.version'] as const;

function posts(db: Db, board: Board) {
  return db.selectFrom('boardPost as p').leftJoin('appUser as u', 'u.userId', 'p.createdBy').where('p.board', '=', board);
}

type PostRecord = { postId: number; board: string; category: string | null; title: string; body: string; pinned: string; showFrom: string | null; showTo: string | null; fileId: string | null; createdBy: string; writerName: string | null; createdAt: Date; updatedAt: Date; version: number };
const toRow = (p: PostRecord) => ({ ...p, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() });

async function findPost(db: Db, board: Board, postId: number): Promise<PostRecord | undefined> {
  return (await posts(db, board).select(POST_COLUMNS).select('u.hname as writerName').where('p.postId', '=', postId).executeTakeFirst()) as PostRecord | undefined;
}

const NOT_FOUND = () => notFound('POST_NOT_FOUND', '게시글을 찾을 수 없습니다');

/** Title and body as typed (kept as plain text, shown as text); a blank title or an empty period is refused. */
function postValues(board: Board, b: { category?: string | null; title: string; body: string; pinned?: 'Y' | 'N'; showFrom?: string | null; showTo?: string | null; fileId?: string | null }) {
  const details: Array<{ path: string; message: string }> = [];
  if (!b.title.trim()) details.push({ path: 'body/title', message: '필수 입력 항목입니다' });
  if (!b.body.trim()) details.push({ path: 'body/body', message: '필수 입력 항목입니다' });
  const category = b.category?.trim() || null;
  if (board === 'FAQ' && !category) details.push({ path: 'body/category', message: '필수 입력 항목입니다' });
  const showFrom = b.showFrom || null;
  const showTo = b.showTo || null;
  if (showFrom && showTo && showTo < showFrom) details.push({ path: 'body/showTo', message: '게시 종료일은 시작일 이후여야 합니다' });
  if (details.length) throw badRequest('VALIDATION', '입력 항목을 확인하세요', details);
  return { category, title: b.title.trim(), body: b.body, pinned: b.pinned ?? 'N', showFrom, showTo, fileId: b.fileId || null };
}

/**
 * The boards: the internal notice board (/board/notice), the FAQ (/board/faq) and the supplier
 * portal's notices (/portal/ogpmsManage/notice), each read by groups with read on its menu and
 * written by groups with write; and the notices the supplier home shows today.
 */
export const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(PostRow);
  const listAnswer = Type.Object({ rows: Type.Array(Type.Ref('PostRow')), total: Type.Integer() });

  for (const { board, path, screen, op, what } of BOARDS) {
    const portals = board === 'CYBER' ? (['I'] as const) : undefined;
    const readAccess = access.login([screen], 'read', portals ? [...portals] : undefined);
    const writeAccess = access.login([screen], 'write', portals ? [...portals] : undefined);

    app.get(
      path,
      {
        config: { access: readAccess },
        schema: { operationId: `list${op}Posts`, tags: ['board'], summary: `Posts of the ${what}: pinned first, newest first; title or body contains`, querystring: PostListQuery, response: { 200: listAnswer, ...commonErrors } },
      },
      async (request) => {
        const q = request.query;
        const text = given(q.title);
        const base = posts(request.db, board)
          .$if(!!text, (qb) => qb.where((eb) => eb.or([eb('p.title', 'ilike', `%${likeEscape(text!)}%`), eb('p.body', 'ilike', `%${likeEscape(text!)}%`)])))
          .$if(!!given(q.category), (qb) => qb.where('p.category', '=', q.category!.trim()));
        const sort = parseSort<(typeof POST_SORT)[number]>(q.sort, { field: 'createdAt', direction: 'desc' });
        const { limit, offset } = pageWindow(q);
        const [rows, count] = await Promise.all([
          base.select(POST_COLUMNS).select('u.hname as writerName').orderBy('p.pinned', 'desc').orderBy(`p.${sort.field}`, sort.direction).orderBy('p.postId', 'desc').limit(limit).offset(offset).execute(),
          base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ]);
        return { rows: (rows as PostRecord[]).map(toRow), total: Number(count.n) };
      },
    );

    app.get(
      `${path}/:postId`,
      {
        config: { access: readAccess },
        schema: { operationId: `get${op}Post`, tags: ['board'], summary: `One post of the ${what}`, params: PostParams, response: { 200: Type.Ref('PostRow'), ...commonErrors } },
      },
      async (request) => {
        const row = await findPost(request.db, board, request.params.postId);
        if (!row) throw NOT_FOUND();
        return toRow(row);
      },
    );

    app.post(
      path,
      {
        config: { access: writeAccess },
        schema: { operationId: `create${op}Post`, tags: ['board'], summary: `Write a post on the ${what} (stored as plain text)`, body: PostCreateBody, response: { 200: Type.Ref('PostRow'), ...commonErrors } },
      },
      async (request) => {
        const values = postValues(board, request.body);
        const actor = request.caller!.userId;
        const postId = await request.db.transaction().execute(async (trx) => {
          const row = await trx.insertInto('boardPost').values({ ...values, board, createdBy: actor, updatedBy: actor }).returning('postId').executeTakeFirstOrThrow();
          await writeAudit(trx, { entity: 'boardPost', entityKey: String(row.postId), action: 'CREATE', actor, after: { board, ...values } });
          return row.postId;
        });
        return toRow((await findPost(request.db, board, postId))!);
      },
    );

    app.put(
      `${path}/:postId`,
      {
        config: { access: writeAccess },
        schema: { operationId: `update${op}Post`, tags: ['board'], summary: `Change a post of the ${what} (stale version: 409)`, params: PostParams, body: PostUpdateBody, response: { 200: Type.Ref('PostRow'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
      },
      async (request) => {
        const { postId } = request.params;
        const values = postValues(board, request.body);
        const actor = request.caller!.userId;
        await request.db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('boardPost').selectAll().where('postId', '=', postId).where('board', '=', board).forUpdate().executeTakeFirst();
          if (!before) throw NOT_FOUND();
          if (before.version !== request.body.version) throw versionConflict(before.version);
          await trx.updateTable('boardPost').set({ ...values, updatedBy: actor, updatedAt: new Date(), version: before.version + 1 }).where('postId', '=', postId).execute();
          await writeAudit(trx, { entity: 'boardPost', entityKey: String(postId), action: 'UPDATE', actor, before, after: values });
        });
        return toRow((await findPost(request.db, board, postId))!);
      },
    );

    app.delete(
      `${path}/:postId`,
      {
        config: { access: writeAccess },
        schema: { operationId: `delete${op}Post`, tags: ['board'], summary: `Remove a post of the ${what} (stale version: 409)`, params: PostParams, querystring: VersionQuery, response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
      },
      async (request) => {
        const { postId } = request.params;
        const actor = request.caller!.userId;
        await request.db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('boardPost').selectAll().where('postId', '=', postId).where('board', '=', board).forUpdate().executeTakeFirst();
          if (!before) throw NOT_FOUND();
          if (before.version !== request.query.version) throw versionConflict(before.version);
          await trx.deleteFrom('boardPost').where('postId', '=', postId).execute();
          await writeAudit(trx, { entity: 'boardPost', entityKey: String(postId), action: 'DELETE', actor, before });
        });
        return { code: 'OK' as const };
      },
    );
  }

  const FaqNode = Type.Object(
    {
      nodeId: Type.String(),
      parentNodeId: Type.Union([Type.String(), Type.Null()]),
      label: Type.String(),
      postId: Type.Union([Type.Integer(), Type.Null()]),
      category: Type.Union([Type.String(), Type.Null()]),
      title: Type.Union([Type.String(), Type.Null()]),
      body: Type.Union([Type.String(), Type.Null()]),
      pinned: Type.Union([Type.String(), Type.Null()]),
      fileId: Type.Union([Type.String(), Type.Null()]),
      version: Type.Union([Type.Integer(), Type.Null()]),
    },
    { $id: 'FaqNode', title: 'FaqNode' },
  );
  app.addSchema(FaqNode);

  app.get(
    '/api/v1/board/faq-tree',
    {
      config: { access: access.login(['/board/faq'], 'read') },
      schema: {
        operationId: 'listFaqTree',
        tags: ['board'],
        summary: 'The FAQ as a tree: FAQ › category › question (the answer in body), categories and questions in order',
        querystring: Type.Object({ ...PostListQuery.properties }, { additionalProperties: false }),
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('FaqNode')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const rows = (await posts(request.db, 'FAQ').select(POST_COLUMNS).orderBy('p.category').orderBy('p.pinned', 'desc').orderBy('p.createdAt').orderBy('p.postId').execute()) as Array<Omit<PostRecord, 'writerName'>>;
      const nodes: Array<Static<typeof FaqNode>> = [{ nodeId: 'FAQ', parentNodeId: null, label: 'FAQ', postId: null, category: null, title: null, body: null, pinned: null, fileId: null, version: null }];
      for (const category of [...new Set(rows.map((r) => r.category ?? ''))]) {
        nodes.push({ nodeId: `C:${category}`, parentNodeId: 'FAQ', label: category, postId: null, category, title: null, body: null, pinned: null, fileId: null, version: null });
      }
      for (const r of rows) {
        nodes.push({ nodeId: `P:${r.postId}`, parentNodeId: `C:${r.category ?? ''}`, label: r.title, postId: r.postId, category: r.category, title: r.title, body: r.body, pinned: r.pinned, fileId: r.fileId, version: r.version });
      }
      return { rows: nodes, total: nodes.length };
    },
  );

  app.get(
    '/api/v1/cyber/home/notices',
    {
      config: { access: access.login([], 'read', ['X']) },
      schema: {
        operationId: 'listSupplierHomeNotices',
        tags: ['board'],
        summary: 'Notices the supplier home shows today (within their period): pinned first, newest first, at most 10',
        response: { 200: Type.Array(Type.Ref('PostRow')), ...commonErrors },
      },
    },
    async (request) => {
      const today = todayKst();
      const rows = await posts(request.db, 'CYBER')
        .select(POST_COLUMNS)
        .select(sql<string | null>`null`.as('writerName'))
        .where((eb) => eb.or([eb('p.showFrom', 'is', null), eb('p.showFrom', '<=', today)]))
        .where((eb) => eb.or([eb('p.showTo', 'is', null), eb('p.showTo', '>=', today)]))
        .orderBy('p.pinned', 'desc')
        .orderBy('p.createdAt', 'desc')
        .orderBy('p.postId', 'desc')
        .limit(10)
        .execute();
      return (rows as PostRecord[]).map(toRow);
    },
  );
};

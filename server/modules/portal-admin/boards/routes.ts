import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PostCreateBody, PostListQuery, PostParams, PostRow, PostUpdateBody, VersionQuery } from '../schemas.js';
import { FaqNode, FaqTreeQuery } from './schemas.js';
import type { Board } from './queries.js';
import { changePost, createPost, faqTree, getPost, homeNotices, removePost, searchPosts } from './service.js';

/** The three boards: where each lives, the screen whose menu authority governs it, its operation names. */
const BOARDS: ReadonlyArray<{ board: Board; path: string; screen: string; op: string; what: string }> = [
  {
    board: 'NOTICE',
    path: '/api/v1/board/notices',
    screen: '/board/notice',
    op: 'Notice',
    what: 'internal notice board',
  },
  { board: 'FAQ', path: '/api/v1/board/faqs', screen: '/board/faq', op: 'Faq', what: 'FAQ (by category)' },
  {
    board: 'CYBER',
    path: '/api/v1/portal/cyber-notices',
    screen: '/portal/ogpmsManage/notice',
    op: 'CyberNotice',
    what: 'notices for the supplier portal',
  },
];

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
        schema: {
          operationId: `list${op}Posts`,
          tags: ['board'],
          summary: `Posts of the ${what}: pinned first, newest first; title or body contains`,
          querystring: PostListQuery,
          response: { 200: listAnswer, ...commonErrors },
        },
      },
      async (request) => searchPosts(request.db, board, request.query),
    );

    app.get(
      `${path}/:postId`,
      {
        config: { access: readAccess },
        schema: {
          operationId: `get${op}Post`,
          tags: ['board'],
          summary: `One post of the ${what}`,
          params: PostParams,
          response: { 200: Type.Ref('PostRow'), ...commonErrors },
        },
      },
      async (request) => getPost(request.db, board, request.params.postId),
    );

    app.post(
      path,
      {
        config: { access: writeAccess, identityBound: false },
        schema: {
          operationId: `create${op}Post`,
          tags: ['board'],
          summary: `Write a post on the ${what} (stored as plain text)`,
          body: PostCreateBody,
          response: { 200: Type.Ref('PostRow'), ...commonErrors },
        },
      },
      async (request) => createPost(request.db, board, request.body, request.caller!.userId),
    );

    app.put(
      `${path}/:postId`,
      {
        config: { access: writeAccess, identityBound: false },
        schema: {
          operationId: `update${op}Post`,
          tags: ['board'],
          summary: `Change a post of the ${what} (stale version: 409)`,
          params: PostParams,
          body: PostUpdateBody,
          response: { 200: Type.Ref('PostRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => changePost(request.db, board, request.params.postId, request.body, request.caller!.userId),
    );

    app.delete(
      `${path}/:postId`,
      {
        config: { access: writeAccess, identityBound: false },
        schema: {
          operationId: `delete${op}Post`,
          tags: ['board'],
          summary: `Remove a post of the ${what} (stale version: 409)`,
          params: PostParams,
          querystring: VersionQuery,
          response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        removePost(request.db, board, request.params.postId, request.query.version, request.caller!.userId),
    );
  }

  app.addSchema(FaqNode);

  app.get(
    '/api/v1/board/faq-tree',
    {
      config: { access: access.login(['/board/faq'], 'read') },
      schema: {
        operationId: 'listFaqTree',
        tags: ['board'],
        summary: 'The FAQ as a tree: FAQ › category › question (the answer in body), categories and questions in order',
        querystring: FaqTreeQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('FaqNode')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => faqTree(request.db),
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
    async (request) => homeNotices(request.db, app.clock.now()),
  );
};

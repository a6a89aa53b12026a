import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { indexApi, type ApiIndex } from '../../../lib/screen-check/cross-check.js';
import { access } from '../../http/access.js';
import { screenMarkFor } from '../../http/studio-marks.js';
import { langOf } from '../../auth/login-flow.js';
import { commonErrors } from '../../http/error-schema.js';
import {
  CheckAnswer,
  CheckBody,
  CreateBody,
  DiffAnswer,
  DiffQuery,
  DraftBody,
  DriftAnswer,
  GeneratableAnswer,
  GenerateAnswer,
  GenerateBody,
  ImportBody,
  PreviewGroupAnswer,
  PreviewGroupParams,
  PublishBody,
  RuntimeAnswer,
  RuntimeParams,
  ScreenParams,
  OperationsAnswer,
  StudioListQuery,
  StudioProblem,
  StudioScreen,
  StudioScreenRow,
  VersionBody,
  VersionDetail,
  VersionParams,
  VersionRow,
} from './schemas.js';
import {
  checkStudioScreen,
  createStudioScreen,
  diffScreenVersion,
  driftReport,
  exportScreen,
  generatableOperations,
  generateScreen,
  importScreen,
  previewAsGroup,
  getScreenVersion,
  getStudioScreen,
  listScreenVersions,
  listStudioScreens,
  publishedScreen,
  publishScreen,
  restoreScreenVersion,
  saveDraft,
  studioOperations,
  unpublishScreen,
  type DriftCache,
  type StudioCtx,
} from './service.js';

/** The studio's menu: read lists and checks, write saves and publishes (docs/studio.md). */
const STUDIO_SCREEN = '/portal/screen/studio';

const tags = ['studio'];
const changed = {
  200: Type.Ref('StudioScreen'),
  409: Type.Ref('ErrorBody'),
  413: Type.Ref('ErrorBody'),
  ...commonErrors,
};

/**
 * The contract the studio checks against is the server's own, as it serves it now (the OpenAPI
 * document of its routes), indexed once per app.
 */
function apiOf(app: FastifyInstance): () => ApiIndex {
  let index: ApiIndex | null = null;
  return () => (index ??= indexApi(app.swagger() as unknown as Record<string, unknown>));
}

const docOf = (app: FastifyInstance) => () => app.swagger() as unknown as Record<string, unknown>;

/**
 * The screen studio: screen definitions stored in the database, checked with the same
 * rules as `npm run screens:check`, versioned, published to a menu, and served to the runtime.
 */
export const studioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(StudioProblem);
  app.addSchema(StudioScreenRow);
  app.addSchema(StudioScreen);
  app.addSchema(VersionRow);
  const api = apiOf(app);
  const doc = docOf(app);
  const ctx = (request: FastifyRequest): StudioCtx => ({
    db: request.db,
    caller: request.caller!,
    api,
    doc,
    operations: app.operations,
    lang: langOf(request),
  });
  // Published versions checked against this server's contract, once each (the contract is fixed while it runs).
  const drift: DriftCache = new Map();
  // Bring in a definition file: the analyst's own screen is written, nothing of anyone's identity is acted on.
  const importing = { config: { access: access.login([STUDIO_SCREEN], 'write', ['I']), identityBound: false } };

  // One series per portal, never per screen: the names of stored screens are the analysts' to choose.
  app.metrics.gauge(
    'gpms_studio_screens_broken',
    'Published stored screens the current API contract breaks (a field, an operation or a method they name is gone or changed), by portal (I, X); GET /api/v1/studio/drift names them',
    ['portal'],
    async (g) => {
      try {
        const report = await driftReport(app.dbh.db, api, app.operations, drift);
        g.set({ portal: 'I' }, report.rows.filter((r) => r.portal === 'I').length);
        g.set({ portal: 'X' }, report.rows.filter((r) => r.portal === 'X').length);
      } catch {
        // The database out of reach: the series go missing for this scrape (gpms_db_unavailable_total tells why).
        g.reset();
      }
    },
  );
  const read = { config: { access: access.login([STUDIO_SCREEN], 'read', ['I']), identityBound: false } };
  // A screen that writes screens (and grants their menus) is the analyst's own act.
  const write = { config: { access: access.login([STUDIO_SCREEN], 'write', ['I']), identityBound: true } };

  app.get(
    '/api/v1/studio/screens',
    {
      ...read,
      schema: {
        operationId: 'listStudioScreens',
        tags,
        summary: 'Stored screen definitions',
        querystring: StudioListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('StudioScreenRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listStudioScreens(ctx(request), request.query),
  );

  app.post(
    '/api/v1/studio/screens',
    {
      ...write,
      schema: {
        operationId: 'createStudioScreen',
        tags,
        summary: 'A new stored screen, its draft as typed (name taken or a built-in route: 409; over 64 KiB: 413)',
        body: CreateBody,
        response: changed,
      },
    },
    async (request) => createStudioScreen(ctx(request), request.body),
  );

  app.get(
    '/api/v1/studio/screens/:name',
    {
      ...read,
      schema: {
        operationId: 'getStudioScreen',
        tags,
        summary: 'A stored screen: its draft, the draft’s problems, its menu',
        params: ScreenParams,
        response: { 200: Type.Ref('StudioScreen'), ...commonErrors },
      },
    },
    async (request) => getStudioScreen(ctx(request), request.params.name),
  );

  app.put(
    '/api/v1/studio/screens/:name/draft',
    {
      ...write,
      schema: {
        operationId: 'saveStudioDraft',
        tags,
        summary: 'Save the draft, valid or not, with its problems (stale version: 409; over 64 KiB: 413)',
        params: ScreenParams,
        body: DraftBody,
        response: changed,
      },
    },
    async (request) => saveDraft(ctx(request), request.params.name, request.body),
  );

  app.get(
    '/api/v1/studio/operations',
    {
      ...read,
      schema: {
        operationId: 'listStudioOperations',
        tags,
        summary: 'The operations of the contract with their parameters and fields, for the editor’s completion',
        response: { 200: OperationsAnswer, ...commonErrors },
      },
    },
    async (request) => studioOperations(ctx(request)),
  );

  app.post(
    '/api/v1/studio/check',
    {
      ...read,
      schema: {
        operationId: 'checkStudioScreen',
        tags,
        summary:
          'Check a definition as screens:check does, and the caller’s authority for its operations; saves nothing',
        body: CheckBody,
        response: { 200: CheckAnswer, 413: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => checkStudioScreen(ctx(request), request.body),
  );

  app.post(
    '/api/v1/studio/screens/:name/publish',
    {
      ...write,
      schema: {
        operationId: 'publishStudioScreen',
        tags,
        summary:
          'Publish the draft: a new version, the menu row under parentId and its groups, in one transaction (an invalid draft: 400 naming each pointer; a route taken: 409)',
        params: ScreenParams,
        body: PublishBody,
        response: changed,
      },
    },
    async (request) => publishScreen(ctx(request), request.params.name, request.body),
  );

  app.post(
    '/api/v1/studio/screens/:name/unpublish',
    {
      ...write,
      schema: {
        operationId: 'unpublishStudioScreen',
        tags,
        summary: 'Take the screen off its menu (its menu row and grants are removed; versions stay)',
        params: ScreenParams,
        body: VersionBody,
        response: changed,
      },
    },
    async (request) => unpublishScreen(ctx(request), request.params.name, request.body),
  );

  app.get(
    '/api/v1/studio/screens/:name/versions',
    {
      ...read,
      schema: {
        operationId: 'listStudioVersions',
        tags,
        summary: 'The published versions, newest first',
        params: ScreenParams,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('StudioVersionRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listScreenVersions(ctx(request), request.params.name),
  );

  app.get(
    '/api/v1/studio/screens/:name/versions/:versionNo',
    {
      ...read,
      schema: {
        operationId: 'getStudioVersion',
        tags,
        summary: 'One version’s definition and labels',
        params: VersionParams,
        response: { 200: VersionDetail, ...commonErrors },
      },
    },
    async (request) => getScreenVersion(ctx(request), request.params.name, request.params.versionNo),
  );

  app.get(
    '/api/v1/studio/screens/:name/versions/:versionNo/diff',
    {
      ...read,
      schema: {
        operationId: 'diffStudioVersion',
        tags,
        summary: 'Lines and labels that differ from a version to the draft (or another version)',
        params: VersionParams,
        querystring: DiffQuery,
        response: { 200: DiffAnswer, ...commonErrors },
      },
    },
    async (request) =>
      diffScreenVersion(ctx(request), request.params.name, request.params.versionNo, request.query.against),
  );

  app.post(
    '/api/v1/studio/screens/:name/versions/:versionNo/restore',
    {
      ...write,
      schema: {
        operationId: 'restoreStudioVersion',
        tags,
        summary:
          'Make a version the draft and, when published, the published screen at once (checked again: invalid 400; stale version: 409)',
        params: VersionParams,
        body: VersionBody,
        response: changed,
      },
    },
    async (request) => restoreScreenVersion(ctx(request), request.params.name, request.params.versionNo, request.body),
  );

  app.get(
    '/api/v1/studio/screens/:name/export',
    {
      ...read,
      schema: {
        operationId: 'exportStudioScreen',
        tags,
        summary:
          'The .screen.json a developer commits to screens/ (the published version, else the draft; or ?version=N), with its labels as i18n texts',
        params: ScreenParams,
        querystring: Type.Object(
          { version: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            fileName: Type.String(),
            content: Type.String(),
            version: Type.String(),
            i18n: Type.Union([Type.Null(), Type.Object({ ko: Type.Unknown(), en: Type.Unknown() })]),
          }),
          ...commonErrors,
        },
      },
    },
    async (request) => exportScreen(ctx(request), request.params.name, request.query.version),
  );

  app.post(
    '/api/v1/studio/import',
    {
      ...importing,
      schema: {
        operationId: 'importStudioScreen',
        tags,
        summary:
          'Bring in a .screen.json and its labels as a new screen, or (with version) as the draft of the screen of that name; checked as a draft is (name taken without version: 409; over 64 KiB: 413)',
        body: ImportBody,
        response: changed,
      },
    },
    async (request) => importScreen(ctx(request), request.body),
  );

  app.get(
    '/api/v1/studio/generate',
    {
      ...read,
      schema: {
        operationId: 'listStudioGeneratable',
        tags,
        summary: 'The list operations a list screen can be generated from',
        response: { 200: GeneratableAnswer, ...commonErrors },
      },
    },
    async (request) => generatableOperations(ctx(request)),
  );

  app.post(
    '/api/v1/studio/generate',
    {
      ...read,
      schema: {
        operationId: 'generateStudioScreen',
        tags,
        summary:
          'A list screen generated from a list operation (typed columns, filters from its parameters), with the problems of the definition (the caller’s authority is asked when it is saved); saves nothing',
        body: GenerateBody,
        response: { 200: GenerateAnswer, ...commonErrors },
      },
    },
    async (request) => generateScreen(ctx(request), request.body),
  );

  app.get(
    '/api/v1/studio/drift',
    {
      ...read,
      schema: {
        operationId: 'listStudioDrift',
        tags,
        summary: 'Published screens the current contract breaks, each with the problems at their JSON pointers',
        response: { 200: DriftAnswer, ...commonErrors },
      },
    },
    async (request) => driftReport(request.db, api, app.operations, drift, langOf(request)),
  );

  app.get(
    '/api/v1/studio/preview-groups/:authGroupId',
    {
      ...read,
      schema: {
        operationId: 'getStudioPreviewGroup',
        tags,
        summary:
          'What an authority group may open and write, to preview a screen as that group; refused (403) for a group holding anything the caller’s own group does not',
        params: PreviewGroupParams,
        response: { 200: PreviewGroupAnswer, ...commonErrors },
      },
    },
    async (request) => previewAsGroup(ctx(request), request.params.authGroupId),
  );

  app.get(
    '/api/v1/studio/published/:name',
    {
      // Any logged-in user of either portal: the service asks the menu authority of the screen's own route.
      config: { access: access.login([], 'read') },
      schema: {
        operationId: 'getPublishedScreen',
        tags,
        summary:
          'The runtime: a published screen of the caller’s portal with its labels (its menu’s read authority; else 403)',
        params: RuntimeParams,
        response: { 200: RuntimeAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const screen = await publishedScreen(request.db, request.caller!, request.params.name, api());
      return { ...screen, mark: await screenMarkFor(app, request.caller!.sessionId, screen.name, screen.versionNo) };
    },
  );
};

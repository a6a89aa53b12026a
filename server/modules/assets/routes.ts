import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import {
  AssetList,
  AssetListQuery,
  AssetNoParams,
  CandidateList,
  CandidateQuery,
  CountCloseBody,
  CountCreateBody,
  CountCreated,
  CountLineList,
  CountLineQuery,
  CountList,
  CountListQuery,
  CountNoParams,
  CountResultBody,
  DisposeBody,
  Done,
  RegisterAnswer,
  RegisterBody,
  TransferBody,
} from './schemas.js';
import {
  closeCount,
  countLines,
  disposeAsset,
  listAssets,
  listCandidates,
  listCounts,
  planCount,
  recordCount,
  registerAssets,
  transferAsset,
} from './service.js';

const ASSET_SCREENS = {
  list: '/assetManagementList',
  register: '/assetManagementRegisterList',
  inventory: '/assetInventoryList',
} as const;

const actionErrors = { 409: { $ref: 'ErrorBody' }, ...commonErrors } as const;

/**
 * Assets (docs/assets.md): the register (transfer, dispose), registration from receipt lines of
 * asset-type expenses (one asset per unit), and inventory counts (plan, record, close).
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['assets'];

  app.get(
    '/api/v1/assets',
    {
      config: { access: access.login([ASSET_SCREENS.list, ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: {
        operationId: 'listAssets',
        tags,
        summary: 'Assets: where they are, who keeps them, what they cost and the receipt and order they came from',
        querystring: AssetListQuery,
        response: { 200: AssetList, ...commonErrors },
      },
    },
    async (request) => listAssets(request.db, request.query),
  );

  app.post(
    '/api/v1/assets/:assetNo/transfer',
    {
      config: { access: access.login([ASSET_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'transferAsset',
        tags,
        summary: 'Move an asset to another department, custodian or location (history kept)',
        params: AssetNoParams,
        body: TransferBody,
        response: { 200: Done, ...actionErrors },
      },
    },
    async (request) => transferAsset(request.db, request.caller, request.params.assetNo, request.body),
  );

  app.post(
    '/api/v1/assets/:assetNo/dispose',
    {
      config: { access: access.login([ASSET_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'disposeAsset',
        tags,
        summary: 'Dispose of an asset with a reason',
        params: AssetNoParams,
        body: DisposeBody,
        response: { 200: Done, ...actionErrors },
      },
    },
    async (request) => disposeAsset(request.db, request.caller, request.params.assetNo, request.body),
  );

  app.get(
    '/api/v1/assets/candidates',
    {
      config: { access: access.login([ASSET_SCREENS.register], 'read', ['I']) },
      schema: {
        operationId: 'listAssetCandidates',
        tags,
        summary:
          'Finally decided receipt lines of asset-type expenses: waiting to be registered (default) or registered',
        querystring: CandidateQuery,
        response: { 200: CandidateList, ...commonErrors },
      },
    },
    async (request) => listCandidates(request.db, request.query),
  );

  app.post(
    '/api/v1/assets/register',
    {
      config: { access: access.login([ASSET_SCREENS.register], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'registerAssets',
        tags,
        summary:
          'Register receipt lines as assets: one asset per unit, each with its own number; a line registered before is refused (409) and nothing is written',
        body: RegisterBody,
        response: { 200: RegisterAnswer, ...actionErrors },
      },
    },
    async (request) => registerAssets(request.db, request.caller, request.body, app.clock.now()),
  );

  app.get(
    '/api/v1/asset-counts',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: {
        operationId: 'listAssetCounts',
        tags,
        summary: 'Inventory counts with their figures: expected, found, missing, moved, not counted',
        querystring: CountListQuery,
        response: { 200: CountList, ...commonErrors },
      },
    },
    async (request) => listCounts(request.db, request.query),
  );

  app.post(
    '/api/v1/asset-counts',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'planAssetCount',
        tags,
        summary: 'Plan an inventory count for a location (one open count per location)',
        body: CountCreateBody,
        response: { 200: CountCreated, ...actionErrors },
      },
    },
    async (request) => planCount(request.db, request.caller, request.body),
  );

  app.get(
    '/api/v1/asset-counts/:countNo/lines',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: {
        operationId: 'listAssetCountLines',
        tags,
        summary:
          'A count’s assets: those in use at its location and those recorded in it, with their result; differences marked',
        params: CountNoParams,
        querystring: CountLineQuery,
        response: { 200: CountLineList, ...commonErrors },
      },
    },
    async (request) => countLines(request.db, request.params.countNo, request.query),
  );

  app.post(
    '/api/v1/asset-counts/:countNo/results',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'recordAssetCount',
        tags,
        summary:
          'Record one asset as found, missing or moved in an open count; an asset counted before in the count is refused (409)',
        params: CountNoParams,
        body: CountResultBody,
        response: { 200: Done, ...actionErrors },
      },
    },
    async (request) => recordCount(request.db, request.caller, request.params.countNo, request.body),
  );

  app.post(
    '/api/v1/asset-counts/:countNo/close',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'closeAssetCount',
        tags,
        summary: 'Close a count: no more results; its differences stay listed',
        params: CountNoParams,
        body: CountCloseBody,
        response: { 200: Done, ...actionErrors },
      },
    },
    async (request) => closeCount(request.db, request.caller, request.params.countNo, request.body.version),
  );
};

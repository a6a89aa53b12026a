import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import {
  ContractCreateBody,
  ContractDetail,
  ContractListQuery,
  ContractNoParams,
  ContractRow,
  ContractUpdateBody,
} from '../schemas.js';
import { SCREENS } from '../screens.js';
import { changeContract, contractDetail, createContract, listContracts } from './service.js';

/** Purchase-contract suppliers (/business/evaManage/purContCompMngList, purContCompMngDetail). */
export const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.contractList, SCREENS.contractDetail], 'read', ['I']) };
  const write = { access: access.login([SCREENS.contractDetail], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/evaluation/contracts',
    {
      config: read,
      schema: {
        operationId: 'listPurContracts',
        tags,
        summary: 'Yearly purchase-contract suppliers with their terms and evaluation standing',
        querystring: ContractListQuery,
        response: { 200: Type.Object({ rows: Type.Array(ContractRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => listContracts(request.db, request.query),
  );
  app.get(
    '/api/v1/evaluation/contracts/:contractNo',
    {
      config: read,
      schema: {
        operationId: 'getPurContract',
        tags,
        summary: 'One contract with the supplier’s evaluation history',
        params: ContractNoParams,
        response: { 200: ContractDetail, ...commonErrors },
      },
    },
    async (request) => contractDetail(request.db, request.params.contractNo),
  );
  app.post(
    '/api/v1/evaluation/contracts',
    {
      config: write,
      schema: {
        operationId: 'createPurContract',
        tags,
        summary: 'Register a yearly purchase contract',
        body: ContractCreateBody,
        response: { 200: ContractDetail, ...commonErrors },
      },
    },
    async (request) => createContract(request.db, request.caller, request.body, app.clock.now()),
  );
  app.put(
    '/api/v1/evaluation/contracts/:contractNo',
    {
      config: write,
      schema: {
        operationId: 'updatePurContract',
        tags,
        summary: 'Change a contract’s terms or end it (stale version: 409)',
        params: ContractNoParams,
        body: ContractUpdateBody,
        response: { 200: ContractDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => changeContract(request.db, request.caller, request.params.contractNo, request.body),
  );
};

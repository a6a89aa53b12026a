import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { VersionBody } from '../../../domain/schemas.js';
import { COUNCIL_SCREEN, PROSPECTS_SCREEN } from '../screens.js';
import {
  CouncilCreateBody,
  CouncilIdParams,
  CouncilList,
  CouncilListQuery,
  CouncilRow,
  ProspectCreateBody,
  ProspectDropBody,
  ProspectList,
  ProspectListQuery,
  ProspectNoParams,
  ProspectRow,
  VersionQuery,
} from '../schemas.js';
import {
  addCouncilMember,
  createProspect,
  dropProspect,
  inviteProspect,
  removeCouncilMember,
  searchCouncil,
  searchProspects,
} from './service.js';

const tags = ['suppliers'];

/** The supplier council (/CompCouncilList) and prospective suppliers (/compExcavationList). */
export const councilProspectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-council',
    {
      config: { access: access.login([COUNCIL_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listCouncilMembers',
        tags,
        summary: 'Supplier council members and their terms (current=Y: a term covering today)',
        querystring: CouncilListQuery,
        response: { 200: CouncilList, ...commonErrors },
      },
    },
    async (request) => searchCouncil(request.db, request.query, app.clock.now()),
  );

  app.post(
    '/api/v1/supplier-council',
    {
      config: { access: access.login([COUNCIL_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'addCouncilMember',
        tags,
        summary: 'Appoint a trading supplier to the council for a term (terms of one supplier may not overlap)',
        body: CouncilCreateBody,
        response: { 200: CouncilRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => addCouncilMember(request.db, request.body, request.caller!.userId, app.clock.now()),
  );

  app.delete(
    '/api/v1/supplier-council/:councilId',
    {
      config: { access: access.login([COUNCIL_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'removeCouncilMember',
        tags,
        summary: 'Remove a council term (with the version read)',
        params: CouncilIdParams,
        querystring: VersionQuery,
        response: { 200: Type.Object({ councilId: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      removeCouncilMember(
        request.db,
        request.params.councilId,
        request.query.version,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/supplier-prospects',
    {
      config: { access: access.login([PROSPECTS_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listSupplierProspects',
        tags,
        summary: 'Prospective suppliers found by buyers, with whether the business number is already in the master',
        querystring: ProspectListQuery,
        response: { 200: ProspectList, ...commonErrors },
      },
    },
    async (request) => searchProspects(request.db, { q: request.query }, request.caller!.authGroupId),
  );

  app.post(
    '/api/v1/supplier-prospects',
    {
      config: { access: access.login([PROSPECTS_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createSupplierProspect',
        tags,
        summary: 'Record a prospective supplier (business number checked when given)',
        body: ProspectCreateBody,
        response: { 200: ProspectRow, ...commonErrors },
      },
    },
    async (request) => createProspect(request.db, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/supplier-prospects/:prospectNo/invite',
    {
      config: { access: access.login([PROSPECTS_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'inviteSupplierProspect',
        tags,
        summary:
          'Invite a prospect to apply: an e-mail with the public application page is sent (again, if already invited)',
        params: ProspectNoParams,
        body: VersionBody,
        response: { 200: ProspectRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      inviteProspect(
        request.db,
        { sender: app.auth.sender, db: app.dbh.db },
        request.params.prospectNo,
        request.body.version,
        request.caller!,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/supplier-prospects/:prospectNo/drop',
    {
      config: { access: access.login([PROSPECTS_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'dropSupplierProspect',
        tags,
        summary: 'Drop a prospect that was not invited, with a reason',
        params: ProspectNoParams,
        body: ProspectDropBody,
        response: { 200: ProspectRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => dropProspect(request.db, request.params.prospectNo, request.body, request.caller!),
  );
};

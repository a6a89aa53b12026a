import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PagingQuery } from '../../../http/list-query.js';
import { listOpenInvitations } from './service.js';

/** A page of the invitations, as the home cards page. */
const InvitationsQuery = Type.Object({ ...PagingQuery }, { additionalProperties: false });

const InvitationRow = Type.Object({
  kind: Type.Union([Type.Literal('TENDER'), Type.Literal('AUCTION')], {
    description: 'A sealed-bid tender or a reverse auction',
  }),
  docNo: Type.String({ description: 'The tender or auction number' }),
  title: Type.String(),
  status: Type.String({ description: 'By the clock: PUBLISHED (to start) or OPEN' }),
  startAt: Type.String({ format: 'date-time' }),
  deadline: Type.String({ format: 'date-time', description: 'The close (a tender) or the end in force (an auction)' }),
  responded: Type.Boolean({ description: 'My company has bid' }),
});

/** The supplier home's card of bidding invitations (its own company's only). */
export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/cyber/home/bidding',
    {
      config: { access: access.login([], 'read', ['X']) },
      schema: {
        operationId: 'listSupplierBiddingInvitations',
        tags: ['home'],
        summary:
          'Open tender and reverse-auction invitations of my company: not yet closed; nearest deadline first, with the count of each',
        querystring: InvitationsQuery,
        response: {
          200: Type.Object({
            rows: Type.Array(InvitationRow),
            total: Type.Integer(),
            tenders: Type.Integer(),
            auctions: Type.Integer(),
          }),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      listOpenInvitations(request.db, request.caller, Math.min(request.query.size ?? 10, 50), app.clock.now()),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { VersionBody, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import { ReceiveBody, DeliveryNoParams } from '../delivery/schemas.js';
import { listWarehousing, listWarehousingItems, whFilterOf } from './queries.js';
import {
  DecideBody,
  InspectionBody,
  InspectionParams,
  WarehousingItemList,
  WarehousingItemListQuery,
  WarehousingList,
  WarehousingListQuery,
  WhReqNoParams,
} from './schemas.js';
import { actOnWarehousing, getWarehousing, receiveDelivery, recordInspection } from './service.js';
import type { WhAction } from './workflow.js';

const LIST = '/warehousingList';
const ITEMS = '/warehousingItemList';
const LIST_COPY = '/warehousingListCopy';
const ITEMS_COPY = '/warehousingItemListCopy';
const DELIVERY_EDIT = '/deliverEditAdmin';
const TAG = ['fulfilment: warehousing'];

/**
 * Goods receipts (입고): staff receive a delivery into a receipt request (whReqNo), approve it
 * (whAppNo), and finally decide it (lastDeci); a rejected request can be resubmitted, an
 * undecided one cancelled. Lists take exactly the saved filter of spec §3.
 * Receipts copied from other source systems are listed (the Copy screens) but never changed.
 */
export const warehousingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/warehousing',
    {
      config: { readOnlyList: true, access: access.login([LIST, LIST_COPY], 'read', ['I']) },
      schema: {
        operationId: 'listWarehousing',
        tags: TAG,
        summary:
          'Goods receipts by document, filtered by the saved warehousing filter of spec §3 (warehousingList; system=OTHER for warehousingListCopy)',
        querystring: WarehousingListQuery,
        response: { 200: WarehousingList, ...commonErrors },
      },
    },
    async (request) =>
      listWarehousing(
        request.db,
        whFilterOf(request.query),
        parseSort(request.query.sort, { field: 'whReqDate', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/warehousing/items',
    {
      config: { readOnlyList: true, access: access.login([ITEMS, ITEMS_COPY], 'read', ['I']) },
      schema: {
        operationId: 'listWarehousingItems',
        tags: TAG,
        summary: 'Goods receipt lines, same filter (warehousingItemList; system=OTHER for warehousingItemListCopy)',
        querystring: WarehousingItemListQuery,
        response: { 200: WarehousingItemList, ...commonErrors },
      },
    },
    async (request) =>
      listWarehousingItems(
        request.db,
        whFilterOf(request.query),
        parseSort(request.query.sort, { field: 'whReqDate', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/warehousing/:whReqNo',
    {
      config: { access: access.login([LIST, ITEMS, LIST_COPY, ITEMS_COPY, DELIVERY_EDIT], 'read', ['I']) },
      schema: {
        operationId: 'getWarehousing',
        tags: TAG,
        summary: 'One goods receipt with its lines',
        params: WhReqNoParams,
        response: { 200: Type.Ref('WarehousingDetail'), ...commonErrors },
      },
    },
    async (request) => getWarehousing(request.db, request.params.whReqNo, app.clock.now()),
  );

  app.post(
    '/api/v1/warehousing/:whReqNo/lines/:lineNo/inspection',
    {
      config: { access: access.login([LIST, ITEMS, DELIVERY_EDIT], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'recordInspection',
        tags: TAG,
        summary:
          'Record the written inspection result (합격/불합격, date) of a received line of a 하도급 order: it stops the 10-day clock (하도급법 §9); 불합격 after day 10 is refused (합격 간주)',
        params: InspectionParams,
        body: InspectionBody,
        response: { 200: Type.Ref('WarehousingDetail'), ...actionErrors },
      },
    },
    async (request) =>
      recordInspection(
        request.db,
        request.params.whReqNo,
        request.params.lineNo,
        request.body,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/deliveries/:deliveryNo/receive',
    {
      config: { access: access.login([DELIVERY_EDIT, LIST], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'receiveDelivery',
        tags: TAG,
        summary:
          'Receive a registered delivery into warehousing: a receipt request (WR…) awaiting approval; accepted quantities ≤ delivered',
        params: DeliveryNoParams,
        body: ReceiveBody,
        response: { 200: Type.Ref('WarehousingDetail'), ...actionErrors },
      },
    },
    async (request) =>
      receiveDelivery(request.db, request.params.deliveryNo, request.body, request.caller!.userId, app.clock.now()),
  );

  /** A route per workflow action on a receipt, all answering the receipt as it is after the action. */
  const action = (
    name: WhAction,
    summary: string,
    body: typeof VersionBody | typeof VersionReasonBody | typeof DecideBody,
  ) =>
    app.post(
      `/api/v1/warehousing/:whReqNo/${name}`,
      {
        // Approving, rejecting and deciding are decisions of the person who calls (never their own request).
        config: {
          access: access.login([LIST, ITEMS], 'write', ['I']),
          identityBound: name === 'approve' || name === 'reject' || name === 'decide',
        },
        schema: {
          operationId: `${name}Warehousing`,
          tags: TAG,
          summary,
          params: WhReqNoParams,
          body,
          response: { 200: Type.Ref('WarehousingDetail'), ...actionErrors },
        },
      },
      async (request) =>
        actOnWarehousing(
          request.db,
          name,
          request.params.whReqNo,
          request.body as { version: number; reason?: string; lastDeciDate?: string },
          request.caller!.userId,
          app.clock.now(),
        ),
    );

  action(
    'approve',
    'Approve a pending receipt request: gives it a whAppNo (WA…); the requester cannot approve their own',
    VersionBody,
  );
  action(
    'reject',
    'Reject a pending receipt request (reason required); it can be resubmitted or cancelled',
    VersionReasonBody,
  );
  action('resubmit', 'Submit a rejected receipt request for approval again', VersionBody);
  action(
    'decide',
    'Finally decide (최종확정) an approved receipt on lastDeciDate (default today): it becomes settleable',
    DecideBody,
  );
  action(
    'cancel',
    'Cancel an undecided receipt (reason required): quantities return, the delivery can be received again',
    VersionReasonBody,
  );
};

import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { CursorAnswer, pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { listPoChanges, listPos, listSupplierPos } from './queries.js';
import {
  ForwardYnAnswer,
  ForwardYnBody,
  ForwardYnQuery,
  PoChangeBody,
  PoChangeListQuery,
  PoChangeRow,
  PoCreateBody,
  PoChangeAnswer,
  PoDetail,
  PoList,
  PoListQuery,
  PoNoParams,
  PoUpdateBody,
  PaperContractBody,
  SubconTermsBody,
  PoVersionQuery,
  SupplierPoDetail,
  SupplierPoListQuery,
  SupplierPoRow,
} from './schemas.js';
import {
  PO_CHANGE_SCREEN,
  PO_SCREENS,
  SIMPLE_SCREENS,
  acknowledgePo,
  cancelPo,
  changePo,
  createPo,
  forwardYnOf,
  getPo,
  getSupplierPo,
  poDetail,
  sendPo,
  submitPo,
  updatePo,
} from './service.js';
import { deletePo, recordPaperContract } from './subcon.js';
import { setSubconTerms } from './subcon-terms.js';

const ORDER_SCREENS = [PO_SCREENS.list, PO_SCREENS.edit, SIMPLE_SCREENS.list, SIMPLE_SCREENS.edit];
const EDIT_SCREENS = [PO_SCREENS.edit, SIMPLE_SCREENS.edit];
const CYBER_SCREENS = ['/CyberOrderRequestList', '/CyberOrderRequestEdit'];

/** Purchase orders (order requests): built from a selected quotation, approved by rule, sent, acknowledged, changed, cancelled. */
export const poRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['purchase-order'];

  app.get(
    '/api/v1/pos',
    {
      config: { readOnlyList: true, access: access.login(ORDER_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listPos',
        tags,
        summary: 'Purchase orders and simple orders (poType filters), with per-currency totals',
        querystring: PoListQuery,
        response: { 200: PoList, ...commonErrors },
      },
    },
    async (request) =>
      listPos(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'poNo', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/pos/:poNo',
    {
      config: { access: access.login([...ORDER_SCREENS, PO_CHANGE_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'getPo',
        tags,
        summary:
          'One order: header, lines, attachments, approvals, history, changes after sending, and what the caller may do',
        params: PoNoParams,
        response: { 200: PoDetail, ...commonErrors },
      },
    },
    async (request) => getPo(request.db, request.caller, request.params.poNo),
  );

  app.post(
    '/api/v1/pos',
    {
      config: { access: access.login([PO_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createPo',
        tags,
        summary:
          'Build a draft PO from an awarded quotation request: the selected supplier, the request’s quantities at the quotation’s prices; the PR becomes ordered. A PR line naming an agreement line orders against it as a call-off (409 AGREEMENT_CALL_OFF_REFUSED beyond it)',
        body: PoCreateBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createPo(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/pos/:poNo',
    {
      config: { access: access.login([PO_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updatePo',
        tags,
        summary:
          'Change a draft PO: title, due and delivery dates, remark, attachments (prices and quantities come from the quotation)',
        params: PoNoParams,
        body: PoUpdateBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updatePo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/pos/:poNo/submit',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'submitPo',
        tags,
        summary:
          'Submit a draft order for approval: the rule of its type (PO or SIMPLE) and amount (KRW; JPY at JPY_RATE) picks the line; a simple order must stay below its limit',
        params: PoNoParams,
        body: VersionBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => submitPo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/pos/:poNo/send',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'sendPo',
        tags,
        summary:
          'Send an approved order to its supplier (for FORWARD_YN=N suppliers, after delivering it separately; FORWARD_YN=Y orders are sent on approval)',
        params: PoNoParams,
        body: VersionBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => sendPo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/pos/:poNo/change',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'changePo',
        tags,
        summary:
          'Change a sent order (due date; per line quantity, unit price, delivery date) with a reason; each change is recorded (poChangeInfo); in force at once (the supplier gets a change notice and acknowledges again), or proposed for the PO_CHANGE approval when it crosses the re-approval rule (e.g. above the approved amount); changeOutcome says which',
        params: PoNoParams,
        body: PoChangeBody,
        response: { 200: PoChangeAnswer, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => changePo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/pos/:poNo/cancel',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelPo',
        tags,
        summary:
          'Cancel an order nothing of which was delivered, with a reason (an open approval is withdrawn; a sent order’s cancellation is recorded in poChangeInfo)',
        params: PoNoParams,
        body: ReasonBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => cancelPo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/pos/:poNo/paper-contract',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'recordPaperContract',
        tags,
        summary:
          'Record the paper contract of an order signed outside the system (date, reference, optional scan): a 하도급 order may then be sent (하도급법 §3)',
        params: PoNoParams,
        body: PaperContractBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const actor = await recordPaperContract(
        request.db,
        request.caller,
        request.params.poNo,
        request.body,
        now,
        EDIT_SCREENS,
      );
      return poDetail(request.db, request.params.poNo, actor);
    },
  );

  app.put(
    '/api/v1/pos/:poNo/subcon-terms',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'setSubconTerms',
        tags,
        summary:
          'Set a 하도급 order’s agreed payment term (a draft only) and its 발주자 지급일, which the payment clock reads (하도급법 §13)',
        params: PoNoParams,
        body: SubconTermsBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const actor = await setSubconTerms(
        request.db,
        request.caller,
        request.params.poNo,
        request.body,
        app.clock.now(),
        EDIT_SCREENS,
      );
      return poDetail(request.db, request.params.poNo, actor);
    },
  );

  app.delete(
    '/api/v1/pos/:poNo',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'deletePo',
        tags,
        summary:
          'Delete a draft or cancelled order, with the version read; a 하도급 order that was sent is kept three years from its end (409 SUBCON_RETENTION, 하도급법 §3⑨)',
        params: PoNoParams,
        querystring: PoVersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      await deletePo(
        request.db,
        request.caller,
        request.params.poNo,
        request.query.version,
        app.clock.now(),
        EDIT_SCREENS,
      );
      return { code: 'OK' as const };
    },
  );

  app.get(
    '/api/v1/po-changes',
    {
      config: {
        readOnlyList: true,
        access: access.login([PO_CHANGE_SCREEN, PO_SCREENS.edit, SIMPLE_SCREENS.edit], 'read', ['I']),
      },
      schema: {
        operationId: 'listPoChanges',
        tags,
        summary: 'Changes to orders after sending (poChangeInfo): field, before and after, who, when, why',
        querystring: PoChangeListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(PoChangeRow), total: Type.Integer(), ...CursorAnswer }),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      listPoChanges(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'changedAt', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.post(
    '/api/v1/OrderApproval/getForwardYn',
    {
      config: { access: access.login(ORDER_SCREENS, 'read', ['I']), identityBound: false },
      schema: {
        operationId: 'getForwardYn',
        tags,
        summary:
          'Spec §7: per company FORWARD_YN, which decides the approval-forward message (approval.forwardY / approval.forwardN); unknown companies are left out',
        body: ForwardYnBody,
        response: { 200: ForwardYnAnswer, ...commonErrors },
      },
    },
    async (request) => forwardYnOf(request.db, request.body),
  );

  app.get(
    '/api/v1/OrderApproval/forward-yn',
    {
      config: { access: access.login(ORDER_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listForwardYn',
        tags,
        summary: 'getForwardYn as a read (compNo repeated): what a form asks as it opens, which only a GET may be',
        querystring: ForwardYnQuery,
        response: { 200: ForwardYnAnswer, ...commonErrors },
      },
    },
    async (request) => forwardYnOf(request.db, { params: request.query.compNo }),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/pos',
    {
      config: { readOnlyList: true, access: access.login(CYBER_SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierPos',
        tags,
        summary:
          'Orders sent to my company (CyberOrderRequestList); open=Y: sent, acknowledged or partly delivered. Staff: every supplier’s, or compNo’s',
        querystring: SupplierPoListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(SupplierPoRow), total: Type.Integer(), ...CursorAnswer }),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      listSupplierPos(
        supplierView(request, request.query.compNo).db,
        request.query,
        parseSort(request.query.sort, { field: 'poNo', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/cyber/pos/:poNo',
    {
      config: { access: access.login(CYBER_SCREENS, 'read') },
      schema: {
        operationId: 'getSupplierPo',
        tags,
        summary:
          'One order sent to my company (CyberOrderRequestEdit); another company’s or an unsent order answers 404. Staff read any supplier’s sent order, with no actions',
        params: PoNoParams,
        response: { 200: SupplierPoDetail, ...commonErrors },
      },
    },
    async (request) => getSupplierPo(supplierView(request), request.params.poNo),
  );

  app.post(
    '/api/v1/cyber/pos/:poNo/acknowledge',
    {
      config: { access: access.login(['/CyberOrderRequestEdit'], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'acknowledgePo',
        tags,
        summary: 'Acknowledge a sent order (once; a changed order is acknowledged again)',
        params: PoNoParams,
        body: VersionBody,
        response: { 200: SupplierPoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => acknowledgePo(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );
};

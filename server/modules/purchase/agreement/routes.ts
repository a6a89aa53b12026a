import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { todayKst } from '../../../domain/dates.js';
import { PoDetail } from '../po/schemas.js';
import { listAgreements } from './queries.js';
import { listAgreementConsumption } from './queries-consumption.js';
import { listLinkageIndexes } from './queries-linkage.js';
import {
  AgreementBody,
  AgreementDetail,
  AgreementList,
  AgreementListQuery,
  AgreementDetailQuery,
  AgreementProposals,
  AgreementNoParams,
  AgreementUpdateBody,
  AgreementVersionQuery,
  AwardAgreementBody,
  CallOffBody,
  ConsumptionList,
  LinkageBody,
  LinkageIndexList,
  LinkageProposalDetail,
  LinkageProposalParams,
  PriceChangeBody,
  ProposalAcceptBody,
  ProposalRejectBody,
  ConsumptionQuery,
  ValidAgreementLinesQuery,
  SupplierAgreementDetail,
  SupplierAgreementListQuery,
} from './schemas.js';
import {
  AGREEMENT_SCREENS,
  CYBER_AGREEMENT_SCREENS,
  callOffAgreement,
  createAgreement,
  deleteAgreement,
  createAgreementFromAward,
  getAgreement,
  getAgreementProposals,
  getSupplierAgreement,
  submitAgreement,
  terminateAgreement,
  updateAgreementDraft,
  withdrawAgreement,
} from './service.js';
import { changeAgreementPrices, setAgreementLinkage } from './amendments.js';
import { acceptLinkageProposal, rejectLinkageProposal } from './linkage-decisions.js';
import { getLinkageProposal, getSupplierLinkageProposal } from './linkage-proposals.js';
import { SUPPLIER_VISIBLE_AGREEMENT } from './workflow.js';
import { PR_SCREENS } from '../pr/service.js';
import { PrNoParams } from '../pr/schemas.js';
import { SIMPLE_SCREENS } from '../po/service.js';
import { LINKAGE_INDEX_SCREEN } from '../linkage-index/routes.js';

/** The e-contract's detail (contracts module), which lists the indexes in its 납품대금 연동 section. */
const CONTRACT_DETAIL_SCREEN = '/contract/contractDetail';

const LIST = AGREEMENT_SCREENS.list;
const EDIT = AGREEMENT_SCREENS.edit;
const CONSUMPTION = AGREEMENT_SCREENS.consumption;

/** Framework agreements (단가계약): agreed prices for a period, approved by rule, ordered against by call-offs. */
export const agreementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['agreement'];
  const read = { access: access.login([LIST, EDIT], 'read', ['I']) };
  const write = { access: access.login([EDIT], 'write', ['I']), identityBound: false };
  const conflictErrors = { 409: Type.Ref('ErrorBody'), ...commonErrors };

  app.get(
    '/api/v1/agreements',
    {
      config: { ...read, readOnlyList: true },
      schema: {
        operationId: 'listAgreements',
        tags,
        summary: 'Framework agreements with the amount ordered against each',
        querystring: AgreementListQuery,
        response: { 200: AgreementList, ...commonErrors },
      },
    },
    async (request) =>
      listAgreements(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'agreementNo', direction: 'desc' }),
        pageWindow(request.query),
        todayKst(app.clock.now()),
      ),
  );

  app.get(
    '/api/v1/agreements/consumption',
    {
      config: { access: access.login([CONSUMPTION, LIST, EDIT], 'read', ['I']), readOnlyList: true },
      schema: {
        operationId: 'listAgreementConsumption',
        tags,
        summary:
          'The consumption report: per agreement line, agreed quantity and amount, ordered, remaining, % consumed, the last valid day',
        querystring: ConsumptionQuery,
        response: { 200: ConsumptionList, ...commonErrors },
      },
    },
    async (request) =>
      listAgreementConsumption(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'agreementNo', direction: 'desc' }),
        pageWindow(request.query),
        todayKst(app.clock.now()),
      ),
  );

  // The agreement-line popup of the PR and simple-order lines: whoever edits those reads the lines
  // that can be ordered today (the agreement itself stays the agreement menu's).
  app.get(
    '/api/v1/agreement-lines',
    {
      config: {
        access: access.login([PR_SCREENS.edit, SIMPLE_SCREENS.edit, LIST, EDIT], 'read', ['I']),
        readOnlyList: true,
      },
      schema: {
        operationId: 'listValidAgreementLines',
        tags,
        summary:
          'Lines of the agreements valid today (active, within their validity by the business clock): agreement, supplier, item, agreed price, remaining',
        querystring: ValidAgreementLinesQuery,
        response: { 200: ConsumptionList, ...commonErrors },
      },
    },
    async (request) => {
      const today = todayKst(app.clock.now());
      return listAgreementConsumption(
        request.db,
        { ...request.query, status: ['ACTIVE'], validOn: today },
        { field: 'agreementNo', direction: 'desc' },
        pageWindow(request.query),
        today,
      );
    },
  );

  app.get(
    '/api/v1/agreements/:agreementNo',
    {
      config: read,
      schema: {
        operationId: 'getAgreement',
        tags,
        summary: 'One agreement: lines with ordered and remaining quantities, call-offs, approvals, history',
        params: AgreementNoParams,
        querystring: AgreementDetailQuery,
        response: { 200: AgreementDetail, ...commonErrors },
      },
    },
    async (request) =>
      getAgreement(request.db, request.caller, request.params.agreementNo, app.clock.now(), request.query),
  );

  // /prConfirmEdit's 단가계약 제안: read as the call-off dialog it opens reads the agreement, and only
  // for a caller who may read the PR (404 otherwise, as getPr).
  app.get(
    '/api/v1/prs/:prNo/agreement-proposals',
    {
      config: read,
      schema: {
        operationId: 'getPrAgreementProposals',
        tags,
        summary:
          'The agreements that could order a received PR’s lines naming none: per PR line with something left to order, the lines of the same master item in active agreements of its currency valid today',
        params: PrNoParams,
        response: { 200: AgreementProposals, ...commonErrors },
      },
    },
    async (request) => getAgreementProposals(request.db, request.caller, request.params.prNo, app.clock.now()),
  );

  app.post(
    '/api/v1/agreements',
    {
      config: write,
      schema: {
        operationId: 'createAgreement',
        tags,
        summary: 'A draft agreement typed by hand: supplier, validity, currency, optional ceiling, policy, lines',
        body: AgreementBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) => createAgreement(request.db, request.caller, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/agreements/from-award',
    {
      config: write,
      schema: {
        operationId: 'createAgreementFromAward',
        tags,
        summary: 'A draft agreement from an awarded RFQ, tender or reverse auction (its supplier, items and prices)',
        body: AwardAgreementBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) => createAgreementFromAward(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/agreements/:agreementNo',
    {
      config: write,
      schema: {
        operationId: 'updateAgreement',
        tags,
        summary: 'Change a draft agreement (header and lines)',
        params: AgreementNoParams,
        body: AgreementUpdateBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      updateAgreementDraft(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/agreements/:agreementNo/linkage',
    {
      config: write,
      schema: {
        operationId: 'setAgreementLinkage',
        tags,
        summary:
          'A draft agreement’s 납품대금 연동 answer (상생협력법 §21): a clause (material ≥ 10 % of the price, index, base, trigger 0–10 %) or a 미연동 exception with a reason',
        params: AgreementNoParams,
        body: LinkageBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      setAgreementLinkage(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  // The 기준 지표 a 연동 clause may name: read by whoever reads the agreements or keeps the indexes, and on the
  // e-contract's detail, whose 연동 section names one too.
  app.get(
    '/api/v1/linkage-indexes',
    {
      config: { access: access.login([LIST, EDIT, LINKAGE_INDEX_SCREEN, CONTRACT_DETAIL_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listLinkageIndexes',
        tags,
        summary: 'The 기준 지표 (price indexes) a 납품대금 연동 clause may name, in use, by code',
        response: { 200: LinkageIndexList, ...commonErrors },
      },
    },
    async (request) => ({ rows: await listLinkageIndexes(request.db, { inUseOnly: true }) }),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/submit',
    {
      config: write,
      schema: {
        operationId: 'submitAgreement',
        tags,
        summary: 'Submit a draft for approval (rule AGREEMENT, for the ceiling or the agreed quantities’ amount)',
        params: AgreementNoParams,
        body: VersionBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      submitAgreement(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  app.delete(
    '/api/v1/agreements/:agreementNo',
    {
      config: write,
      schema: {
        operationId: 'deleteAgreement',
        tags,
        summary: 'Delete a draft agreement (never approved, nothing ordered against it), with the version read',
        params: AgreementNoParams,
        querystring: AgreementVersionQuery,
        response: { 200: Type.Ref('Ok'), ...conflictErrors },
      },
    },
    async (request) => deleteAgreement(request.db, request.caller, request.params.agreementNo, request.query.version),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/withdraw',
    {
      config: write,
      schema: {
        operationId: 'withdrawAgreement',
        tags,
        summary:
          'Take a submitted agreement back before its approval: the approval is withdrawn, the agreement is a draft again',
        params: AgreementNoParams,
        body: VersionBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      withdrawAgreement(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/terminate',
    {
      config: write,
      schema: {
        operationId: 'terminateAgreement',
        tags,
        summary: 'End an active agreement early, with a reason (orders already made stand)',
        params: AgreementNoParams,
        body: ReasonBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      terminateAgreement(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/prices',
    {
      config: write,
      schema: {
        operationId: 'changeAgreementPrices',
        tags,
        summary:
          'New prices of an active agreement’s lines from a day within its validity (a 변경계약): orders dated before keep theirs',
        params: AgreementNoParams,
        body: PriceChangeBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      changeAgreementPrices(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  // 납품대금 연동 proposals (상생협력법 §21): the job writes them; the buyer accepts (a 변경계약) or rejects.
  app.get(
    '/api/v1/agreements/:agreementNo/linkage-proposals/:proposalNo',
    {
      config: read,
      schema: {
        operationId: 'getLinkageProposal',
        tags,
        summary:
          'One 납품대금 연동 proposal of an agreement: the formula’s numbers (base and comparison values, change rate, share, trigger), its effective day and each line’s current and proposed price',
        params: LinkageProposalParams,
        response: { 200: LinkageProposalDetail, ...commonErrors },
      },
    },
    async (request) =>
      getLinkageProposal(request.db, request.caller, request.params.agreementNo, request.params.proposalNo),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/linkage-proposals/:proposalNo/accept',
    {
      config: write,
      schema: {
        operationId: 'acceptLinkageProposal',
        tags,
        summary:
          'Accept an open 연동 proposal of an active agreement (a 변경계약): its prices from its effective day (source LINKAGE); orders dated before keep theirs',
        params: LinkageProposalParams,
        body: ProposalAcceptBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      acceptLinkageProposal(
        request.db,
        request.caller,
        request.params.agreementNo,
        request.params.proposalNo,
        request.body,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/linkage-proposals/:proposalNo/reject',
    {
      config: write,
      schema: {
        operationId: 'rejectLinkageProposal',
        tags,
        summary: 'Reject an open 연동 proposal of an active agreement, with a reason (the prices stay)',
        params: LinkageProposalParams,
        body: ProposalRejectBody,
        response: { 200: AgreementDetail, ...conflictErrors },
      },
    },
    async (request) =>
      rejectLinkageProposal(
        request.db,
        request.caller,
        request.params.agreementNo,
        request.params.proposalNo,
        request.body,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/agreements/:agreementNo/call-offs',
    {
      config: { access: access.login([EDIT, '/OrderRequestEdit'], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'callOffAgreement',
        tags,
        summary:
          'A call-off: a draft PO at the agreed prices; the agreement lines’ ordered quantities move in the same transaction (409 AGREEMENT_CALL_OFF_REFUSED beyond the agreement under the REFUSE policy)',
        params: AgreementNoParams,
        body: CallOffBody,
        response: { 200: PoDetail, ...conflictErrors },
      },
    },
    async (request) =>
      callOffAgreement(request.db, request.caller, request.params.agreementNo, request.body, app.clock.now()),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/agreements',
    {
      config: { readOnlyList: true, access: access.login(CYBER_AGREEMENT_SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierAgreements',
        tags,
        summary: 'My company’s approved agreements (active, expired, terminated). Staff: every supplier’s, or compNo’s',
        querystring: SupplierAgreementListQuery,
        response: { 200: AgreementList, ...commonErrors },
      },
    },
    async (request) => {
      const wanted = request.query.status?.length
        ? request.query.status.filter((s) => (SUPPLIER_VISIBLE_AGREEMENT as readonly string[]).includes(s))
        : [...SUPPLIER_VISIBLE_AGREEMENT];
      return listAgreements(
        supplierView(request, request.query.compNo).db,
        { ...request.query, status: wanted.length ? wanted : ['NONE'] },
        parseSort(request.query.sort, { field: 'agreementNo', direction: 'desc' }),
        pageWindow(request.query),
        todayKst(app.clock.now()),
        { orderedAsSent: true },
      );
    },
  );

  app.get(
    '/api/v1/cyber/agreements/:agreementNo',
    {
      config: { access: access.login(CYBER_AGREEMENT_SCREENS, 'read') },
      schema: {
        operationId: 'getSupplierAgreement',
        tags,
        summary:
          'One agreement of my company: lines with ordered and remaining quantities, the orders sent against it; another company’s answers 404',
        params: AgreementNoParams,
        response: { 200: SupplierAgreementDetail, ...commonErrors },
      },
    },
    async (request) => getSupplierAgreement(supplierView(request), request.params.agreementNo, app.clock.now()),
  );

  app.get(
    '/api/v1/cyber/agreements/:agreementNo/linkage-proposals/:proposalNo',
    {
      config: { access: access.login(CYBER_AGREEMENT_SCREENS, 'read') },
      schema: {
        operationId: 'getSupplierLinkageProposal',
        tags,
        summary:
          'One 납품대금 연동 proposal of my company’s agreement, with the formula’s numbers and its lines; another company’s answers 404',
        params: LinkageProposalParams,
        response: { 200: LinkageProposalDetail, ...commonErrors },
      },
    },
    async (request) =>
      getSupplierLinkageProposal(supplierView(request), request.params.agreementNo, request.params.proposalNo),
  );
};

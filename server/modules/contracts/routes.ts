import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { PagingQuery, pageWindow } from '../../http/list-query.js';
import { supplierView } from '../../http/supplier-view.js';
import { actionErrors } from '../../domain/schemas.js';
import { internalActor } from '../../domain/actor.js';
import {
  AmendmentBody,
  ChainVerdictAnswer,
  ContractChainExport,
  ClauseBody,
  ClauseCodeParams,
  ClauseList,
  ClauseSaved,
  CodeSent,
  ContractCreated,
  ContractLinkageBody,
  ContractList,
  ContractListQuery,
  ContractMoved,
  ContractNoParams,
  ContractProposalAcceptBody,
  ContractProposalDecided,
  ContractProposalParams,
  ContractProposalRejectBody,
  ContractSchemas,
  DocumentKindParams,
  MyContractListQuery,
  MyStampBody,
  NewContractBody,
  PdfAnswer,
  ReasonBody,
  SignBody,
  SignerList,
  SignerListQuery,
  StampBody,
  StampRecorded,
  SupplierSignBody,
  TemplateBody,
  TemplateDetail,
  TemplateList,
  TemplateNoParams,
  TemplateSaved,
  TemplateVersionQuery,
  VariableList,
  VerifyDocumentAnswer,
  VerifyDocumentBody,
} from './schemas.js';
import { anchorContract } from './anchor.js';
import { countSignCodeRequest, SignCodeLimited } from './code-limit.js';
import * as s from './service.js';
import { exportContractChain } from './chain-export.js';
import { variableRows } from './variables.js';
import { langOf } from '../../auth/login-flow.js';

/** The screens whose menus grant the contract operations (server/db/seed/menus.ts). */
const CONTRACT_SCREENS = {
  templates: '/contract/templateList',
  templateEdit: '/contract/templateEdit',
  clauses: '/contract/clauseList',
  list: '/contract/contractList',
  detail: '/contract/contractDetail',
  sign: '/contract/contractSign',
  verify: '/contract/contractVerify',
} as const;
const C = CONTRACT_SCREENS;
const TAG = ['contracts'];
const VERIFY_BODY_LIMIT = 15 * 1024 * 1024;

function sendPdf(reply: FastifyReply, d: { content: Buffer; sha256: string; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${d.fileName}"`)
    .header('X-Content-SHA256', d.sha256)
    .send(d.content);
}

/** Who acted and from where, for the evidence log. */
function eventContext(request: FastifyRequest, now: Date): s.EventContext {
  const caller = request.caller!;
  const ua = request.headers['user-agent'];
  return {
    userId: caller.userId,
    actorCompNo: caller.portal === 'X' ? caller.compNo : null,
    ip: request.ip ?? null,
    userAgent: typeof ua === 'string' ? ua : null,
    now,
  };
}

/**
 * Electronic contracts (docs/contracts.md): clause library and templates, contracts made from
 * them, approval, signing in both portals, decline, stamp duty, amendments and verification.
 */
export const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const schema of ContractSchemas) app.addSchema(schema);
  const deps: s.ContractDeps = {
    config: app.config,
    now: () => app.clock.now(),
    sender: app.auth.sender,
    ownerDb: app.dbh.db,
  };
  const ctx = (request: FastifyRequest) => eventContext(request, app.clock.now());

  // After a contract's write is committed, its chain's newest event goes to CONTRACT_CHAIN_ANCHOR
  // before the answer does (anchor.ts); a write whose anchor cannot be written fails.
  app.addHook('onSend', async (request, reply, payload) => {
    const anchorFile = app.config.contractChainAnchor;
    if (!anchorFile || request.method === 'GET' || reply.statusCode >= 300) return payload;
    // A verification is a read (a POST for its body): it moves no chain.
    if (request.routeOptions.url?.endsWith('/contract-verifications')) return payload;
    const params = request.params as { econtractNo?: string } | undefined;
    let contractNo = params?.econtractNo;
    if (!contractNo && typeof payload === 'string' && payload.startsWith('{'))
      contractNo = (JSON.parse(payload) as { contractNo?: unknown }).contractNo as string | undefined;
    if (typeof contractNo === 'string') await anchorContract(app.dbh.db, anchorFile, contractNo);
    return payload;
  });

  /* ---------------- clauses and templates (staff) ---------------- */

  app.get(
    '/api/v1/contract-clauses',
    {
      config: { readOnlyList: true, access: access.login([C.clauses], 'read', ['I']) },
      schema: {
        operationId: 'listContractClauses',
        tags: TAG,
        summary: 'The clause library (조항)',
        response: { 200: ClauseList, ...commonErrors },
      },
    },
    async (request) => s.listClauses(request.db),
  );

  app.put(
    '/api/v1/contract-clauses/:clauseCode',
    {
      config: { access: access.login([C.clauses], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'saveContractClause',
        tags: TAG,
        summary:
          'Create (version 0) or change a clause; its text may name catalogue variables only (else 400 CONTRACT_TEMPLATE_INVALID with line and column)',
        params: ClauseCodeParams,
        body: ClauseBody,
        response: { 200: ClauseSaved, ...actionErrors },
      },
    },
    async (request) => s.saveClause(request.db, request.caller!.userId, request.params.clauseCode, request.body),
  );

  app.get(
    '/api/v1/contract-variables',
    {
      config: { readOnlyList: true, access: access.login([C.templates, C.templateEdit], 'read', ['I']) },
      schema: {
        operationId: 'listContractVariables',
        tags: TAG,
        summary: 'The variables a template may name: placeholder, meaning (in the request’s language) and how written',
        response: { 200: VariableList, ...commonErrors },
      },
    },
    async (request) => {
      const rows = variableRows(langOf(request));
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/contract-templates',
    {
      config: {
        readOnlyList: true,
        access: access.login([C.templates, C.templateEdit, C.list, C.detail], 'read', ['I']),
      },
      schema: {
        operationId: 'listContractTemplates',
        tags: TAG,
        summary: 'The latest version of every template, a page at a time, and the variables a template may name',
        querystring: Type.Object(PagingQuery),
        response: { 200: TemplateList, ...commonErrors },
      },
    },
    async (request) => s.listTemplates(request.db, request.query),
  );

  app.get(
    '/api/v1/contract-templates/:templateNo',
    {
      config: { access: access.login([C.templates, C.templateEdit, C.list, C.detail], 'read', ['I']) },
      schema: {
        operationId: 'getContractTemplate',
        tags: TAG,
        summary: 'One template: its latest version, or the version asked',
        params: TemplateNoParams,
        querystring: TemplateVersionQuery,
        response: { 200: TemplateDetail, ...commonErrors },
      },
    },
    async (request) => s.getTemplate(request.db, request.params.templateNo, request.query.version),
  );

  app.put(
    '/api/v1/contract-templates/:templateNo',
    {
      config: { access: access.login([C.templateEdit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'saveContractTemplate',
        tags: TAG,
        summary:
          'Save the next version of a template (version: the latest read, 0 for a new one); an unknown variable or clause: 400 CONTRACT_TEMPLATE_INVALID naming its line and column',
        params: TemplateNoParams,
        body: TemplateBody,
        response: { 200: TemplateSaved, ...actionErrors },
      },
    },
    async (request) => s.saveTemplate(request.db, request.caller!.userId, request.params.templateNo, request.body),
  );

  /* ---------------- contracts (staff) ---------------- */

  app.get(
    '/api/v1/contracts',
    {
      config: { readOnlyList: true, access: access.login([C.list, C.detail], 'read', ['I']) },
      schema: {
        operationId: 'listContracts',
        tags: TAG,
        summary: 'Electronic contracts by state, supplier and text',
        querystring: ContractListQuery,
        response: { 200: ContractList, ...commonErrors },
      },
    },
    async (request) => s.listContracts(request.db, request.query, pageWindow(request.query), false),
  );

  app.post(
    '/api/v1/contracts',
    {
      config: { access: access.login([C.list, C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createContract',
        tags: TAG,
        summary:
          'A contract in draft from the latest version of a template, for a supplier (and its PO or LOI): values frozen, stamp duty computed, PDF rendered and hashed',
        body: NewContractBody,
        response: { 200: ContractCreated, ...actionErrors },
      },
    },
    async (request) => s.createContract(request.db, deps, ctx(request), request.body),
  );

  app.get(
    '/api/v1/contract-signers',
    {
      config: { access: access.login([C.list, C.detail], 'read', ['I']) },
      schema: {
        operationId: 'listContractSigners',
        tags: TAG,
        summary:
          'Who may sign for a party, by name: the staff allowed to sign contracts, or a supplier’s users allowed to sign them',
        querystring: SignerListQuery,
        response: { 200: SignerList, ...commonErrors },
      },
    },
    async (request) => s.listSigners(request.db, request.query),
  );

  app.get(
    '/api/v1/contracts/:econtractNo',
    {
      config: { access: access.login([C.list, C.detail], 'read', ['I']) },
      schema: {
        operationId: 'getContract',
        tags: TAG,
        summary: 'One contract with its evidence events and stamps',
        params: ContractNoParams,
        response: { 200: Type.Ref('ContractDetail'), ...commonErrors },
      },
    },
    async (request) =>
      s.getContract(request.db, request.params.econtractNo, {
        supplier: false,
        userId: request.caller!.userId,
        authGroupId: request.caller!.authGroupId,
      }),
  );

  app.get(
    '/api/v1/contracts/:econtractNo/document/:docKind',
    {
      // Opening the copy awaiting the reader's signature appends VIEWED to the contract's evidence.
      config: { access: access.login([C.list, C.detail], 'read', ['I']) },
      schema: {
        operationId: 'downloadContractDocument',
        tags: TAG,
        summary:
          'The PDF signers read (draft) or the executed one; a download writes no evidence (the signer’s 열람 is viewContractDocument)',
        params: DocumentKindParams,
        response: { 200: PdfAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const kind = request.params.docKind === 'executed' ? 'EXECUTED' : 'DRAFT';
      const d = await s.readDocument(request.db, request.params.econtractNo, kind, { supplier: false });
      return sendPdf(reply, d);
    },
  );

  app.post(
    '/api/v1/contracts/:econtractNo/view',
    {
      // The named signer's own step: the evidence says this person opened this copy.
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'viewContractDocument',
        tags: TAG,
        summary:
          '열람: the buyer’s named signer opens the copy awaiting its signature — records VIEWED with the hash of the PDF answered; a signature needs it first (409 CONTRACT_NOT_VIEWED)',
        params: ContractNoParams,
        response: { 200: PdfAnswer, ...actionErrors },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await s.viewDocument(request.db, ctx(request), request.params.econtractNo, 'BUYER')),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/submit',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'submitContract',
        tags: TAG,
        summary:
          'Put the draft to internal approval (approval rules, document type CONTRACT); the last approval sends it',
        params: ContractNoParams,
        body: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        response: { 200: ContractMoved, ...actionErrors },
      },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      return s.submitContract(
        request.db,
        ctx(request),
        actor.singleid,
        request.params.econtractNo,
        request.body.version,
      );
    },
  );

  app.put(
    '/api/v1/contracts/:econtractNo/linkage',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'setContractLinkage',
        tags: TAG,
        summary:
          'A draft contract’s 납품대금 연동 answer (상생협력법 §21): a clause (material ≥ 10 % of the price, index, base, trigger 0–10 %) or a 미연동 exception with a reason; the draft’s PDF is rendered again with it. A contract of a 하도급 order is not submitted without one',
        params: ContractNoParams,
        body: ContractLinkageBody,
        response: { 200: Type.Ref('ContractDetail'), ...actionErrors },
      },
    },
    async (request) => s.setContractLinkage(request.db, ctx(request), request.params.econtractNo, request.body),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/sign',
    {
      // Only the signer the contract names may sign for the company: the rule is who calls.
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'signContract',
        tags: TAG,
        summary:
          'The buyer’s signature by the named signer, with consent and the hash of the PDF read; out of order: 409 CONTRACT_NOT_YOUR_TURN; a taxable contract without its stamps (REQUIRE): 409 CONTRACT_STAMP_REQUIRED; the last signature while the time-stamping authority fails: 503 CONTRACT_TSA_UNAVAILABLE (nothing recorded)',
        params: ContractNoParams,
        body: SignBody,
        response: { 200: ContractMoved, ...actionErrors, 503: Type.Ref('ErrorBody') },
      },
    },
    async (request) => s.buyerSign(request.db, deps, ctx(request), request.params.econtractNo, request.body),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/decline',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'declineContract',
        tags: TAG,
        summary: 'The buyer’s named signer declines to sign, with the reason',
        params: ContractNoParams,
        body: ReasonBody,
        response: { 200: ContractMoved, ...actionErrors },
      },
    },
    async (request) => s.declineContract(request.db, ctx(request), request.params.econtractNo, request.body, 'BUYER'),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/cancel',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelContract',
        tags: TAG,
        summary: 'Cancel a contract not yet executed (draft or out for signature), with the reason',
        params: ContractNoParams,
        body: ReasonBody,
        response: { 200: ContractMoved, ...actionErrors },
      },
    },
    async (request) => s.cancelContract(request.db, ctx(request), request.params.econtractNo, request.body),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/stamps',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'recordContractStamp',
        tags: TAG,
        summary: 'Record a party’s revenue-stamp number (전자수입인지) for its share of the stamp duty',
        params: ContractNoParams,
        body: StampBody,
        response: { 200: StampRecorded, ...actionErrors },
      },
    },
    async (request) =>
      s.recordStamp(request.db, ctx(request), request.params.econtractNo, request.body.party, request.body, false),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/amendments',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createContractAmendment',
        tags: TAG,
        summary:
          'An amendment (변경계약) of an executed contract: a new contract naming it, with the variables that changed; the original never changes',
        params: ContractNoParams,
        body: AmendmentBody,
        response: { 200: ContractCreated, ...actionErrors },
      },
    },
    async (request) => s.createAmendment(request.db, deps, ctx(request), request.params.econtractNo, request.body),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/linkage-proposals/:proposalNo/accept',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'acceptContractLinkageProposal',
        tags: TAG,
        summary:
          '연동 조정 제안 수락: an amendment (변경계약) of the contract agreeing the order’s new unit prices, drawn up as a draft; the order changes when it is executed',
        params: ContractProposalParams,
        body: ContractProposalAcceptBody,
        response: { 200: ContractProposalDecided, ...actionErrors },
      },
    },
    async (request) =>
      s.acceptContractLinkageProposal(
        request.db,
        deps,
        ctx(request),
        request.params.econtractNo,
        request.params.proposalNo,
        request.body,
      ),
  );

  app.post(
    '/api/v1/contracts/:econtractNo/linkage-proposals/:proposalNo/reject',
    {
      config: { access: access.login([C.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'rejectContractLinkageProposal',
        tags: TAG,
        summary: '연동 조정 제안 반려, with the reason: the order’s prices stay',
        params: ContractProposalParams,
        body: ContractProposalRejectBody,
        response: { 200: ContractProposalDecided, ...actionErrors },
      },
    },
    async (request) =>
      s.rejectContractLinkageProposal(
        request.db,
        ctx(request),
        request.params.econtractNo,
        request.params.proposalNo,
        request.body,
      ),
  );

  app.get(
    '/api/v1/contracts/:econtractNo/verify',
    {
      config: { access: access.login([C.detail, C.verify], 'read', ['I']) },
      schema: {
        operationId: 'verifyContract',
        tags: TAG,
        summary:
          'Recompute the evidence: every event’s hash and link (naming the first that differs) and every stored PDF',
        params: ContractNoParams,
        response: { 200: ChainVerdictAnswer, ...commonErrors },
      },
    },
    async (request) => s.verifyContract(request.db, request.params.econtractNo, false, app.config.contractChainAnchor),
  );

  app.get(
    '/api/v1/contracts/:econtractNo/chain',
    {
      config: { access: access.login([C.detail, C.verify], 'read', ['I']) },
      schema: {
        operationId: 'exportContractChain',
        tags: TAG,
        summary:
          'The whole evidence chain: every event with every field its hash covers, for verification outside the system (docs/contracts.md "Verifying the chain")',
        params: ContractNoParams,
        response: { 200: ContractChainExport, ...commonErrors },
      },
    },
    // real time: the evidence chain export is stamped with the real instant it was made
    async (request) => exportContractChain(request.db, request.params.econtractNo, new Date()),
  );

  app.post(
    '/api/v1/contract-verifications',
    {
      bodyLimit: VERIFY_BODY_LIMIT,
      config: { access: access.login([C.verify, C.detail], 'read', ['I']), identityBound: false },
      schema: {
        operationId: 'verifyContractDocument',
        tags: TAG,
        summary:
          'Is this PDF (or this hash) our executed contract X unchanged, a signing copy, or not ours / modified?',
        body: VerifyDocumentBody,
        response: { 200: VerifyDocumentAnswer, ...commonErrors },
      },
    },
    async (request) => s.verifyDocument(request.db, request.body, false),
  );

  /* ---------------- supplier (/cyber) ---------------- */

  app.get(
    '/api/v1/cyber/contracts',
    {
      config: { readOnlyList: true, access: access.login([C.list, C.sign], 'read') },
      schema: {
        operationId: 'listMyContracts',
        tags: TAG,
        summary: 'The contracts sent to my company (never a draft); staff: as a supplier sees them',
        querystring: MyContractListQuery,
        response: { 200: ContractList, ...commonErrors },
      },
    },
    async (request) => {
      const view = supplierView(request, request.query.compNo);
      return s.listContracts(view.db, { ...request.query, compNo: undefined }, pageWindow(request.query), true);
    },
  );

  app.get(
    '/api/v1/cyber/contracts/:econtractNo',
    {
      config: { access: access.login([C.list, C.sign], 'read', ['X']) },
      schema: {
        operationId: 'getMyContract',
        tags: TAG,
        summary: 'One of my contracts; another company’s or one not yet sent answers 404',
        params: ContractNoParams,
        response: { 200: Type.Ref('ContractDetail'), ...commonErrors },
      },
    },
    async (request) =>
      s.getContract(request.db, request.params.econtractNo, { supplier: true, userId: request.caller!.userId }),
  );

  app.get(
    '/api/v1/cyber/contracts/:econtractNo/document/:docKind',
    {
      // Opening the copy awaiting the reader's signature appends VIEWED to the contract's evidence.
      config: { access: access.login([C.list, C.sign], 'read', ['X']) },
      schema: {
        operationId: 'downloadMyContractDocument',
        tags: TAG,
        summary:
          'The PDF to sign (draft) or the executed one; a download writes no evidence (my signer’s 열람 is viewMyContractDocument)',
        params: DocumentKindParams,
        response: { 200: PdfAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const kind = request.params.docKind === 'executed' ? 'EXECUTED' : 'DRAFT';
      const d = await s.readDocument(request.db, request.params.econtractNo, kind, { supplier: true });
      return sendPdf(reply, d);
    },
  );

  app.post(
    '/api/v1/cyber/contracts/:econtractNo/view',
    {
      config: { access: access.login([C.sign], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'viewMyContractDocument',
        tags: TAG,
        summary:
          '열람: my company’s signer opens the copy awaiting our signature — records VIEWED with the hash of the PDF answered; a signature needs it first (409 CONTRACT_NOT_VIEWED)',
        params: ContractNoParams,
        response: { 200: PdfAnswer, ...actionErrors },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await s.viewDocument(request.db, ctx(request), request.params.econtractNo, 'SUPPLIER')),
  );

  app.post(
    '/api/v1/cyber/contracts/:econtractNo/sign-code',
    {
      config: { access: access.login([C.sign], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'requestMyContractSignCode',
        tags: TAG,
        summary:
          'Send me the one-time code to sign this contract (my turn only); at most 5 per user and contract and 10 per contract in 10 minutes, 30 per user an hour (429 CONTRACT_CODE_LIMIT with Retry-After)',
        params: ContractNoParams,
        response: { 200: CodeSent, ...actionErrors, 429: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      try {
        await countSignCodeRequest(app.dbh.db, request.caller!.userId, request.params.econtractNo);
      } catch (err) {
        if (err instanceof SignCodeLimited) reply.header('retry-after', String(err.retryAfterSec));
        throw err;
      }
      return s.requestSignCode(request.db, deps, ctx(request), request.params.econtractNo);
    },
  );

  app.post(
    '/api/v1/cyber/contracts/:econtractNo/sign',
    {
      config: { access: access.login([C.sign], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'signMyContract',
        tags: TAG,
        summary:
          'Sign for my company with the one-time code, consent and the hash of the PDF read; out of order: 409 CONTRACT_NOT_YOUR_TURN; wrong code: 400 CONTRACT_CODE_INVALID; the last signature while the time-stamping authority fails: 503 CONTRACT_TSA_UNAVAILABLE (nothing recorded)',
        params: ContractNoParams,
        body: SupplierSignBody,
        response: { 200: ContractMoved, ...actionErrors, 503: Type.Ref('ErrorBody') },
      },
    },
    async (request) => s.supplierSign(request.db, deps, ctx(request), request.params.econtractNo, request.body),
  );

  app.post(
    '/api/v1/cyber/contracts/:econtractNo/decline',
    {
      config: { access: access.login([C.sign], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'declineMyContract',
        tags: TAG,
        summary: 'Decline to sign, with the reason',
        params: ContractNoParams,
        body: ReasonBody,
        response: { 200: ContractMoved, ...actionErrors },
      },
    },
    async (request) =>
      s.declineContract(request.db, ctx(request), request.params.econtractNo, request.body, 'SUPPLIER'),
  );

  app.post(
    '/api/v1/cyber/contracts/:econtractNo/stamp',
    {
      config: { access: access.login([C.sign], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'recordMyContractStamp',
        tags: TAG,
        summary: 'Record my company’s revenue-stamp number for its share of the stamp duty',
        params: ContractNoParams,
        body: MyStampBody,
        response: { 200: StampRecorded, ...actionErrors },
      },
    },
    async (request) =>
      s.recordStamp(request.db, ctx(request), request.params.econtractNo, 'SUPPLIER', request.body, true),
  );

  app.get(
    '/api/v1/cyber/contracts/:econtractNo/verify',
    {
      config: { access: access.login([C.sign, C.verify], 'read', ['X']) },
      schema: {
        operationId: 'verifyMyContract',
        tags: TAG,
        summary: 'Recompute my contract’s evidence chain and documents',
        params: ContractNoParams,
        response: { 200: ChainVerdictAnswer, ...commonErrors },
      },
    },
    async (request) => s.verifyContract(request.db, request.params.econtractNo, true, app.config.contractChainAnchor),
  );

  app.post(
    '/api/v1/cyber/contract-verifications',
    {
      bodyLimit: VERIFY_BODY_LIMIT,
      config: { access: access.login([C.verify, C.sign], 'read', ['X']), identityBound: false },
      schema: {
        operationId: 'verifyMyContractDocument',
        tags: TAG,
        summary: 'Is this PDF (or hash) my company’s executed contract X unchanged, or not ours / modified?',
        body: VerifyDocumentBody,
        response: { 200: VerifyDocumentAnswer, ...commonErrors },
      },
    },
    async (request) => s.verifyDocument(request.db, request.body, true),
  );
};

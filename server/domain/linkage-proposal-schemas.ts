/**
 * A 연동 조정 제안 (상생협력법 §21; docs/subcontracting.md "연동 조정 제안") as the API carries it — the same numbers on
 * an agreement's proposals and on an e-contract's: the formula's fields of a proposal, its lines, the fields a
 * document's GET answers them in, and the versions a decision sends. Each document adds the keys of its own.
 */
import { Type, type TProperties } from 'typebox';
import { Nullable } from '../http/schema-helpers.js';
import { Version } from './schemas.js';

/** The formula's numbers as they were read, and the decision. */
export const PROPOSAL_VIEW_FIELDS = {
  compareDate: Type.String({ description: 'The 조정주기 point (비교시점) the index was read at' }),
  compareBasis: Type.String({ description: 'DAY (the value on the point) or MONTH_AVG (the month before it)' }),
  valueFrom: Type.String({ description: 'The first day whose index value was read' }),
  valueTo: Type.String({ description: 'The last day whose index value was read' }),
  valueCount: Type.Integer({ description: 'How many index values the comparison value is (the mean) of' }),
  indexCode: Type.String(),
  indexName: Type.String(),
  baseDate: Type.String({ description: '기준시점: the clause’s, or the point of the last accepted proposal' }),
  baseValue: Type.String(),
  compareValue: Type.String({ description: 'The index at the point (MONTH_AVG: the mean, 4 decimals half up)' }),
  changePct: Type.String({ description: '(비교 − 기준) / 기준, %, 4 decimals (the trigger is checked exactly)' }),
  sharePct: Type.String({ description: 'The 주요 원재료’s share of the price, %' }),
  triggerPct: Type.String({ description: '조정요건, %' }),
  effectiveFrom: Type.String({ description: 'The first day the proposed prices apply once accepted' }),
  status: Type.String({ description: 'PROPOSED, ACCEPTED or REJECTED' }),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  rejectReason: Nullable(Type.String()),
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
};

/** A proposal's line: the price the 산식 adjusted and the price it gives. */
export const proposalLineView = (currentPrice: string) =>
  Type.Object({
    proposalNo: Type.String(),
    lineNo: Type.Integer(),
    itemCode: Nullable(Type.String()),
    itemName: Type.String(),
    currentPrice: Type.String({ description: currentPrice }),
    proposedPrice: Type.String({
      description: 'currentPrice × (1 + share × change rate), half up to the won',
    }),
  });

/** A document's proposals, answered with the document (both sides). */
export const proposalFields = <V extends TProperties, L extends TProperties>(view: V, line: L) => ({
  linkageProposals: Type.Array(Type.Object(view), { description: 'Oldest comparison day first' }),
  linkageProposalLines: Type.Array(
    Type.Object({
      lineKey: Type.String({ description: 'proposalNo-lineNo: the row’s key' }),
      ...line,
    }),
    { description: 'Every proposal’s lines, a row per proposal and line' },
  ),
  openLinkageProposalNo: Nullable(
    Type.String({ description: 'The proposal awaiting a decision (at most one), or null' }),
  ),
  openLinkageProposalVersion: Nullable(Type.Integer({ description: 'Its version (what accept and reject send)' })),
});

/** What a decision sends: the document's version and the proposal's, as read. */
export const PROPOSAL_VERSIONS = {
  version: Version,
  proposalVersion: Type.Integer({ minimum: 1, description: 'The proposal’s version as read' }),
};

/** Why a proposal is rejected (required). */
export const PROPOSAL_REJECT_REASON = Type.String({ maxLength: 500, description: 'Why (required)' });

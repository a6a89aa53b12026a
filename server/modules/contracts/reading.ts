/** Reading contracts: the list, one contract with its events and stamps, its PDFs. */
import { asOwner } from '../../db/company-scope.js';
import type { Db } from '../../db/connect.js';
import { missing } from '../../domain/errors.js';
import { instantText } from './chain.js';
import { eventActors, presentEvents } from './event-view.js';
import * as q from './queries.js';
import { nextSigner, SUPPLIER_VISIBLE } from './workflow.js';
import { notFound, visibleTo } from './common.js';
import { type SourceChange, type SourceChangeRow } from './source-change.js';
import { taxTypeOf } from './stamp-duty.js';
import { contractLinkageFields } from './linkage.js';
import { contractProposalFields } from './linkage-proposals.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';

/** The staff screen whose write makes an amendment (the route of createContractAmendment). */
const CONTRACT_DETAIL_SCREEN = '/contract/contractDetail';

export async function listContracts(
  db: Db,
  f: { status?: string; compNo?: string; text?: string },
  page: { offset: number; limit: number },
  supplier: boolean,
) {
  const rows = await q.searchContracts(
    db,
    { ...f, ...(supplier ? { statuses: SUPPLIER_VISIBLE } : {}) },
    { offset: page.offset, limit: page.limit + 1 },
  );
  // The window count says how many match, in the same statement; a page past the end has no row to
  // carry it, and then at most `offset` match.
  const total = rows.length > 0 ? Number(rows[0]!.fullCount) : page.offset;
  return {
    rows: rows
      .slice(0, page.limit)
      .map(({ fullCount: _fullCount, ...r }) => ({ ...r, totalAmount: String(r.totalAmount) })),
    total,
    hasMore: rows.length > page.limit,
  };
}

/**
 * An amendment's agreed change of its PO or LOI, one row per field: the value when the amendment
 * was made (recorded in its CREATED event) and the agreed one. A change recorded without its
 * values then shows the agreed ones only.
 */
function sourceChangeRows(
  change: SourceChange | null,
  events: ReadonlyArray<{ kind: string; detail: unknown }>,
): Array<SourceChangeRow & { key: string }> {
  if (!change) return [];
  const recorded = (events.find((e) => e.kind === 'CREATED')?.detail as { sourceChange?: SourceChangeRow[] } | null)
    ?.sourceChange;
  const rows: SourceChangeRow[] = recorded ?? [
    ...(change.dueDate !== undefined
      ? [{ field: 'dueDate' as const, lineNo: null, before: null, after: change.dueDate }]
      : []),
    ...(change.lines ?? []).flatMap((l) =>
      (['quantity', 'unitPrice', 'deliveryDate'] as const).flatMap((field) => {
        const after = l[field];
        return after === undefined ? [] : [{ field, lineNo: l.lineNo, before: null, after }];
      }),
    ),
    ...(change.amount !== undefined
      ? [{ field: 'amount' as const, lineNo: null, before: null, after: change.amount }]
      : []),
    ...(change.validUntil !== undefined
      ? [{ field: 'validUntil' as const, lineNo: null, before: null, after: change.validUntil }]
      : []),
  ];
  return rows.map((r) => ({ ...r, key: `${r.lineNo ?? 0}:${r.field}` }));
}

export async function getContract(
  db: Db,
  contractNo: string,
  viewer: { supplier: boolean; userId: string; authGroupId?: string },
) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, viewer.supplier)) throw notFound();
  const [events, stamps, signers, linkage, proposals, writes] = await Promise.all([
    q.eventsOf(db, contractNo),
    q.stampsOf(db, contractNo),
    // Read as the owner: accounts are not the supplier role's.
    q.userNames(asOwner(db), [c.buyerSignerId, ...(c.supplierSignerId ? [c.supplierSignerId] : [])]),
    // Through the caller's database: a supplier reads its own contract's answer only (row-level security).
    contractLinkageFields(db, c),
    // The same: a supplier reads its own company's proposals only.
    contractProposalFields(db, contractNo),
    // 수락 (an amendment of this contract) needs what an amendment's route needs: write on the contract screen.
    viewer.supplier || !viewer.authGroupId
      ? false
      : groupHoldsScreen(db, viewer.authGroupId, [CONTRACT_DETAIL_SCREEN], 'write'),
  ]);
  const names = await q.userNames(
    asOwner(db),
    eventActors([...events, ...stamps.map((s) => ({ userId: s.recordedBy }))]),
  );
  const nameOf = (userId: string | null) =>
    userId ? (signers.find((u) => u.userId === userId)?.hname ?? userId) : null;
  const actorName = (userId: string) => names.find((u) => u.userId === userId)?.hname ?? null;
  const next = nextSigner(c);
  return {
    ...c,
    supplyAmount: String(c.supplyAmount),
    vatAmount: String(c.vatAmount),
    totalAmount: String(c.totalAmount),
    stampDuty: String(c.stampDuty),
    stampBuyerShare: String(c.stampBuyerShare),
    stampSupplierShare: (BigInt(String(c.stampDuty)) - BigInt(String(c.stampBuyerShare))).toString(),
    variables: c.variables as Record<string, string | null>,
    changeSummary: (c.changeSummary ?? null) as Array<{
      name: string;
      before: string | null;
      after: string | null;
    }> | null,
    sourceChange: (c.sourceChange ?? null) as SourceChange | null,
    sourceChanges: sourceChangeRows(c.sourceChange as SourceChange | null, events),
    buyerSignerName: nameOf(c.buyerSignerId),
    supplierSignerName: nameOf(c.supplierSignerId),
    nextSigner: next,
    taxType: taxTypeOf(c.variables),
    ...linkage,
    ...proposals,
    mayDecideLinkage: writes && proposals.openLinkageProposalNo !== null,
    // Whether the viewer opened (열람) the signing copy as it is now: the signature needs it first.
    viewedByMe: events.some((e) => e.kind === 'VIEWED' && e.userId === viewer.userId && e.docSha === c.documentSha),
    // A supplier sees the buyer's people by name and role, never their address, browser or id.
    events: presentEvents(
      events.map((e) => ({ ...e, occurredAt: instantText(e.occurredAt) })),
      actorName,
      c,
      viewer.supplier,
    ),
    stamps: stamps.map((s) => ({
      ...s,
      amount: String(s.amount),
      recordedBy: viewer.supplier && s.party === 'BUYER' ? null : s.recordedBy,
      recordedByName: actorName(s.recordedBy),
    })),
  };
}

/**
 * The PDF a party reads before signing (DRAFT) or the executed one. Reading writes nothing: a
 * download is no evidence (anyone allowed to read the contract may download it, and a stored
 * screen may load it). That the signer opened the copy it signs is recorded by `viewDocument`.
 */
export async function readDocument(
  db: Db,
  contractNo: string,
  kind: 'DRAFT' | 'EXECUTED',
  viewer: { supplier: boolean },
) {
  const c = await q.findContract(db, contractNo);
  if (!c || !visibleTo(c, viewer.supplier)) throw notFound();
  const doc = await q.findDocument(db, contractNo, kind);
  if (!doc) throw missing('CONTRACT_DOCUMENT_NOT_FOUND', '계약서 파일이 없습니다');
  return {
    content: Buffer.from(doc.content),
    sha256: doc.contentSha,
    fileName: `${contractNo}${kind === 'EXECUTED' ? '-executed' : ''}.pdf`,
  };
}

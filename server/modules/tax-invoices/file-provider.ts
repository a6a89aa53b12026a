/**
 * The default provider (no TAX_INVOICE_URL): a reverse-issue request becomes
 * `tax-invoices/requests/<mgtKey>.json` in the file store (DATA_DIR or the bucket), written whole, for
 * a provider or a person to take from there; the supplier issues or refuses in /cyber, and the
 * service records what happened here (`record`), so `state` answers from the same place the HTTP
 * adapter's answers come from. The same key requested again finds its file (`created: false`): one
 * document for two requests. The XML is the NTS standard's TaxInvoice written from the request and
 * the state; a file provider has no PDF (the provider's rendering), which it says as a refusal.
 */
import type { ObjectStore } from '../../storage/object-store.js';
import { readSmall } from '../../storage/object-store.js';
import type { ProviderResult, ProviderState, ReverseIssueRequest, TaxInvoiceProvider } from './provider.js';
import { MGT_KEY } from './provider.js';

interface Stored {
  request: ReverseIssueRequest;
  requests: number;
  state: ProviderState;
}

export interface FileTaxInvoiceProvider extends TaxInvoiceProvider {
  readonly kind: 'file';
  /** What the supplier (in /cyber) or the staff recording the NTS's answer did, kept with the request. */
  record(mgtKey: string, state: ProviderState): Promise<ProviderResult<null>>;
}

const esc = (v: string | null | undefined) =>
  (v ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The NTS standard XML (TaxInvoice) of a request and its state: the fields the intake reads back. */
export function standardXml(r: ReverseIssueRequest, state: ProviderState): string {
  const party = (tag: string, p: ReverseIssueRequest['invoicer']) =>
    `<${tag}><ID>${esc(p.corpNum)}</ID>${p.taxRegId ? `<SpecifiedOrganization><TaxRegistrationID>${esc(p.taxRegId)}</TaxRegistrationID></SpecifiedOrganization>` : ''}<NameText>${esc(p.corpName)}</NameText><SpecifiedPerson><NameText>${esc(p.ceoName)}</NameText></SpecifiedPerson></${tag}>`;
  const lines = r.detailList
    .map(
      (l) =>
        `<TaxInvoiceTradeLineItem><SequenceNumeric>${l.serialNum}</SequenceNumeric><PurchaseExpiryDateTime>${l.purchaseDT}</PurchaseExpiryDateTime><NameText>${esc(l.itemName)}</NameText><InformationText>${esc(l.spec)}</InformationText><ChargeableUnitQuantity>${esc(l.qty)}</ChargeableUnitQuantity><UnitPrice><UnitAmount>${esc(l.unitCost)}</UnitAmount></UnitPrice><InvoiceAmount>${l.supplyCost}</InvoiceAmount><TotalTax><CalculatedAmount>${l.tax}</CalculatedAmount></TotalTax></TaxInvoiceTradeLineItem>`,
    )
    .join('');
  // A 수정세금계산서 names its modify code and the original's approval number, where the standard puts them.
  const amendCode =
    r.modifyCode === null ? '' : `<AmendmentStatusCode>${String(r.modifyCode).padStart(2, '0')}</AmendmentStatusCode>`;
  const originalId = r.orgNTSConfirmNum === null ? '' : `<OriginalIssueID>${esc(r.orgNTSConfirmNum)}</OriginalIssueID>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<TaxInvoice xmlns="urn:kr:or:kec:standard:Tax:ReusableAggregateBusinessInformationEntitySchemaModule:1:0"><TaxInvoiceDocument><IssueID>${esc(state.ntsConfirmNum)}</IssueID><TypeCode>${r.typeCode}</TypeCode><IssueDateTime>${r.writeDate}</IssueDateTime>${amendCode}<PurposeCode>${r.purposeType}</PurposeCode>${originalId}</TaxInvoiceDocument><TaxInvoiceTradeSettlement>${party('InvoicerParty', r.invoicer)}${party('InvoiceeParty', r.invoicee)}<SpecifiedMonetarySummation><ChargeTotalAmount>${r.supplyCostTotal}</ChargeTotalAmount><TaxTotalAmount>${r.taxTotal}</TaxTotalAmount><GrandTotalAmount>${r.totalAmount}</GrandTotalAmount></SpecifiedMonetarySummation></TaxInvoiceTradeSettlement>${lines}</TaxInvoice>\n`;
}

export function createFileProvider(store: ObjectStore): FileTaxInvoiceProvider {
  const keyOf = (mgtKey: string) => `tax-invoices/requests/${mgtKey}.json`;
  const bad = (mgtKey: string) => ({
    ok: false as const,
    attempts: 0,
    code: 'BAD_MGTKEY',
    message: `관리번호가 올바르지 않습니다: ${mgtKey}`,
    httpStatus: null,
  });
  const failed = (err: unknown) => ({
    ok: false as const,
    attempts: 1,
    code: 'FILE_STORE',
    message: `세금계산서 요청 파일을 읽거나 쓸 수 없습니다: ${(err as Error).message}`,
    httpStatus: null,
  });
  const notFound = (mgtKey: string) => ({
    ok: false as const,
    attempts: 1,
    code: 'NOT_FOUND',
    message: `요청된 세금계산서가 없습니다: ${mgtKey}`,
    httpStatus: null,
  });

  async function read(mgtKey: string): Promise<Stored | null> {
    const stream = await store.get(keyOf(mgtKey));
    return stream ? (JSON.parse((await readSmall(stream)).toString('utf8')) as Stored) : null;
  }
  const write = (mgtKey: string, s: Stored) => store.put(keyOf(mgtKey), `${JSON.stringify(s, null, 2)}\n`);

  return {
    kind: 'file',
    async requestReverseIssue(request) {
      if (!MGT_KEY.test(request.mgtKey)) return bad(request.mgtKey);
      try {
        const existing = await read(request.mgtKey);
        if (existing && existing.state.status !== 'REFUSED' && existing.state.status !== 'CANCELLED') {
          await write(request.mgtKey, { ...existing, requests: existing.requests + 1 });
          return { ok: true, value: { created: false }, attempts: 1 };
        }
        const state: ProviderState = {
          status: 'REQUESTED',
          ntsConfirmNum: null,
          ntsResult: null,
          memo: null,
          issueDT: null,
        };
        await write(request.mgtKey, { request, requests: (existing?.requests ?? 0) + 1, state });
        return { ok: true, value: { created: existing === null }, attempts: 1 };
      } catch (err) {
        return failed(err);
      }
    },
    async cancelRequest(mgtKey, memo) {
      if (!MGT_KEY.test(mgtKey)) return bad(mgtKey);
      try {
        const existing = await read(mgtKey);
        if (!existing) return notFound(mgtKey);
        await write(mgtKey, { ...existing, state: { ...existing.state, status: 'CANCELLED', memo } });
        return { ok: true, value: null, attempts: 1 };
      } catch (err) {
        return failed(err);
      }
    },
    async state(mgtKey): Promise<ProviderResult<ProviderState>> {
      if (!MGT_KEY.test(mgtKey)) return bad(mgtKey);
      try {
        const existing = await read(mgtKey);
        return existing ? { ok: true, value: existing.state, attempts: 1 } : notFound(mgtKey);
      } catch (err) {
        return failed(err);
      }
    },
    async document(mgtKey, format): Promise<ProviderResult<Buffer>> {
      if (!MGT_KEY.test(mgtKey)) return bad(mgtKey);
      if (format === 'pdf')
        return {
          ok: false,
          attempts: 0,
          code: 'NO_PDF',
          message: '파일 연계에는 대행사의 PDF가 없습니다',
          httpStatus: null,
        };
      try {
        const existing = await read(mgtKey);
        if (!existing) return notFound(mgtKey);
        return { ok: true, value: Buffer.from(standardXml(existing.request, existing.state), 'utf8'), attempts: 1 };
      } catch (err) {
        return failed(err);
      }
    },
    async record(mgtKey, state) {
      if (!MGT_KEY.test(mgtKey)) return bad(mgtKey);
      try {
        const existing = await read(mgtKey);
        if (!existing) return notFound(mgtKey);
        await write(mgtKey, { ...existing, state });
        return { ok: true, value: null, attempts: 1 };
      } catch (err) {
        return failed(err);
      }
    },
  };
}

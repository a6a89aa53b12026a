/**
 * The body the HTTP adapter registers an invoice with, in the shape of the provider's published
 * examples (Popbill's Taxinvoice, e.g. linkhub-sdk/node-popbill.example routes/taxinvoice.js; docs/tax-invoices.md
 * "Provider"): flat `invoicer…`/`invoicee…` fields rather than nested parties; `taxType` as the provider
 * names it (과세, 영세, 면세 — 면세 is a 계산서); `purposeType` 영수 or 청구; `issueType` 역발행 with the
 * buyer's key as `invoiceeMgtKey`; and quantities and unit prices with at most two decimals, which is all the
 * provider takes. A quantity of three decimals (GPMS keeps numeric(15,3)) is not rounded on a legal
 * document: the line goes without a quantity (an optional entry, 부가가치세법 §32① lists the required ones) and
 * its remark gives the exact one.
 */
import type { ReverseIssueRequest } from './provider.js';

const PROVIDER_TAX_TYPE = { TAXABLE: '과세', ZERO_RATED: '영세', EXEMPT: '면세' } as const;
const PROVIDER_PURPOSE = { '01': '영수', '02': '청구' } as const;

/** A decimal as the provider takes it: trailing zeros dropped, at most two decimals; null when it has more. */
function twoDecimals(value: string | null): string | null {
  if (value === null) return null;
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  return fraction ? `${m[1]}.${fraction}` : m[1]!;
}

const text = (v: string | null | undefined) => v ?? '';

export function popbillTaxinvoice(r: ReverseIssueRequest): Record<string, unknown> {
  return {
    writeDate: r.writeDate,
    chargeDirection: '정과금',
    issueType: '역발행',
    purposeType: PROVIDER_PURPOSE[r.purposeType],
    taxType: PROVIDER_TAX_TYPE[r.taxType],

    invoicerCorpNum: r.invoicer.corpNum,
    invoicerTaxRegID: text(r.invoicer.taxRegId),
    invoicerCorpName: r.invoicer.corpName,
    invoicerCEOName: r.invoicer.ceoName,
    invoicerAddr: text(r.invoicer.addr),
    invoicerBizType: text(r.invoicer.bizType),
    invoicerBizClass: text(r.invoicer.bizClass),
    invoicerContactName: text(r.invoicer.contactName),
    invoicerEmail: text(r.invoicer.email),

    invoiceeType: '사업자',
    invoiceeCorpNum: r.invoicee.corpNum,
    invoiceeMgtKey: r.mgtKey,
    invoiceeTaxRegID: text(r.invoicee.taxRegId),
    invoiceeCorpName: r.invoicee.corpName,
    invoiceeCEOName: r.invoicee.ceoName,
    invoiceeAddr: text(r.invoicee.addr),
    invoiceeBizType: text(r.invoicee.bizType),
    invoiceeBizClass: text(r.invoicee.bizClass),
    invoiceeContactName1: text(r.invoicee.contactName),
    invoiceeEmail1: text(r.invoicee.email),

    supplyCostTotal: r.supplyCostTotal,
    taxTotal: r.taxTotal,
    totalAmount: r.totalAmount,
    remark1: text(r.remark1),
    ...(r.modifyCode !== null ? { modifyCode: String(r.modifyCode), orgNTSConfirmNum: text(r.orgNTSConfirmNum) } : {}),

    detailList: r.detailList.map((l) => {
      const qty = twoDecimals(l.qty);
      const exactQty = l.qty !== null && qty === null ? `수량 ${l.qty}` : null;
      return {
        serialNum: l.serialNum,
        purchaseDT: l.purchaseDT,
        itemName: l.itemName,
        spec: text(l.spec),
        qty: text(qty),
        unitCost: text(twoDecimals(l.unitCost)),
        supplyCost: l.supplyCost,
        tax: l.tax,
        remark: [l.remark, exactQty].filter(Boolean).join(' / '),
      };
    }),
  };
}

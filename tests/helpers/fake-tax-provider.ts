import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A tax-invoice provider on loopback, speaking the verbs the HTTP adapter speaks
 * (server/modules/tax-invoices/http-provider.ts), for the tests and the demo. It keeps each buyer's
 * management key once, as a provider does, and is driven through control calls as the fake ERP is:
 * the supplier's issue or refusal, the NTS's transmission and its result, and failures on purpose.
 *
 * Control: `POST /__issue/:key` (the supplier issues; an approval number is given), `POST /__refuse/:key`
 * `{ reason }`, `POST /__send/:key`, `POST /__nts/:key` `{ ok, code? }`, `POST /__fail` `{ times, status,
 * code?, message? }` (the next calls answer that), `GET /__documents` (each key with its state and how
 * often it was registered).
 */
type FakeState =
  'REGISTERED' | 'REQUESTED' | 'ISSUED' | 'SENT' | 'NTS_SUCCESS' | 'NTS_FAILED' | 'REFUSED' | 'CANCELLED';

interface FakeDocument {
  request: Record<string, unknown>;
  state: FakeState;
  registrations: number;
  ntsconfirmNum: string | null;
  ntsresult: string | null;
  stateMemo: string | null;
  issueDT: string | null;
}

export interface FakeTaxProvider {
  base: string;
  documents: Map<string, FakeDocument>;
  close(): Promise<void>;
}

export async function startFakeTaxProvider(): Promise<FakeTaxProvider> {
  const app: FastifyInstance = Fastify();
  const documents = new Map<string, FakeDocument>();
  const failures: Array<{ status: number; code: string; message: string }> = [];
  let serial = 0;
  const refuse = (
    reply: { code: (n: number) => { send: (b: unknown) => unknown } },
    status: number,
    code: string,
    message: string,
  ) => reply.code(status).send({ code, message });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__')) return;
    const next = failures.shift();
    if (next) return reply.code(next.status).send({ code: next.code, message: next.message });
  });

  app.post('/Taxinvoice', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const key = String(body.invoiceeMgtKey ?? '');
    const existing = documents.get(key);
    if (existing) {
      existing.registrations += 1;
      return refuse(reply, 409, 'DUPLICATE_MGTKEY', `이미 사용 중인 관리번호입니다: ${key}`);
    }
    if (body.issueType !== '역발행') return refuse(reply, 400, 'BAD_ISSUE_TYPE', '역발행만 받습니다');
    const problem = shapeProblem(body);
    if (problem) return refuse(reply, 400, 'BAD_REQUEST_SHAPE', problem);
    documents.set(key, {
      request: body,
      state: 'REGISTERED',
      registrations: 1,
      ntsconfirmNum: null,
      ntsresult: null,
      stateMemo: null,
      issueDT: null,
    });
    return { code: 1, message: '등록되었습니다' };
  });

  app.post('/Taxinvoice/BUY/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const doc = documents.get(key);
    if (!doc) return refuse(reply, 404, 'NO_DOCUMENT', `관리번호 ${key}의 세금계산서가 없습니다`);
    const verb = request.headers['x-http-method-override'];
    if (verb === 'REQUEST') {
      if (doc.state === 'REQUESTED')
        return refuse(reply, 409, 'ALREADY_REQUESTED', '이미 역발행 요청된 세금계산서입니다');
      if (doc.state !== 'REGISTERED' && doc.state !== 'REFUSED' && doc.state !== 'CANCELLED')
        return refuse(reply, 409, 'INVALID_STATE', `${doc.state} 상태입니다`);
      doc.state = 'REQUESTED';
      doc.stateMemo = null;
      return { code: 1, message: '역발행 요청되었습니다' };
    }
    if (verb === 'CANCELREQUEST') {
      if (doc.state !== 'REQUESTED') return refuse(reply, 409, 'INVALID_STATE', `${doc.state} 상태입니다`);
      doc.state = 'CANCELLED';
      doc.stateMemo = String((request.body as { memo?: string } | undefined)?.memo ?? '');
      return { code: 1, message: '요청이 취소되었습니다' };
    }
    return refuse(reply, 400, 'BAD_VERB', `알 수 없는 요청입니다: ${String(verb)}`);
  });

  app.get('/Taxinvoice/BUY/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const doc = documents.get(key);
    if (!doc) return refuse(reply, 404, 'NO_DOCUMENT', `관리번호 ${key}의 세금계산서가 없습니다`);
    const format = Object.keys(request.query as object)[0];
    if (format === 'XML' || format === 'PDF') {
      if (!doc.ntsconfirmNum) return refuse(reply, 409, 'NOT_ISSUED', '발행되지 않은 세금계산서입니다');
      if (format === 'XML') return reply.type('application/xml').send(standardXml(doc));
      return reply
        .type('application/pdf')
        .send(Buffer.from(`%PDF-1.4\n% fake tax invoice ${doc.ntsconfirmNum}\n%%EOF\n`));
    }
    return {
      state: doc.state,
      ntsconfirmNum: doc.ntsconfirmNum,
      ntsresult: doc.ntsresult,
      stateMemo: doc.stateMemo,
      issueDT: doc.issueDT,
    };
  });

  const control = (path: string, act: (doc: FakeDocument, body: Record<string, unknown>) => string | null) =>
    app.post(`/__${path}/:key`, async (request, reply) => {
      const doc = documents.get((request.params as { key: string }).key);
      if (!doc) return refuse(reply, 404, 'NO_DOCUMENT', 'no such key');
      const problem = act(doc, (request.body as Record<string, unknown>) ?? {});
      return problem ? refuse(reply, 409, 'INVALID_STATE', problem) : { state: doc.state };
    });
  control('issue', (doc) => {
    if (doc.state !== 'REQUESTED') return `cannot issue from ${doc.state}`;
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const write = String(doc.request.writeDate ?? today);
    serial += 1;
    doc.ntsconfirmNum = `${today > write ? today : write}41000042${String(serial).padStart(8, '0')}`;
    doc.issueDT = new Date().toISOString();
    doc.state = 'ISSUED';
    return null;
  });
  control('refuse', (doc, body) => {
    if (doc.state !== 'REQUESTED') return `cannot refuse from ${doc.state}`;
    doc.state = 'REFUSED';
    doc.stateMemo = String(body.reason ?? '');
    return null;
  });
  control('send', (doc) => {
    if (doc.state !== 'ISSUED' && doc.state !== 'NTS_FAILED') return `cannot send from ${doc.state}`;
    doc.state = 'SENT';
    return null;
  });
  control('nts', (doc, body) => {
    if (doc.state !== 'SENT') return `no transmission from ${doc.state}`;
    doc.state = body.ok ? 'NTS_SUCCESS' : 'NTS_FAILED';
    doc.ntsresult = body.ok ? 'SUCCESS' : String(body.code ?? 'SERR001');
    return null;
  });
  app.post('/__fail', async (request) => {
    const b = request.body as { times: number; status: number; code?: string; message?: string };
    for (let i = 0; i < b.times; i++)
      failures.push({ status: b.status, code: b.code ?? 'FAKE_FAILURE', message: b.message ?? '일시적인 오류입니다' });
    return { queued: failures.length };
  });
  app.get('/__documents', async () =>
    Object.fromEntries([...documents].map(([k, d]) => [k, { state: d.state, registrations: d.registrations }])),
  );

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, documents, close: () => app.close() };
}

/**
 * What the provider's published example (Popbill's Taxinvoice: linkhub-sdk/node-popbill.example,
 * routes/taxinvoice.js) refuses: parties nested instead of the flat invoicer…/invoicee… fields, a tax
 * type or purpose other than its names, a quantity or unit price with more than two decimals.
 */
export function shapeProblem(body: Record<string, unknown>): string | null {
  if ('invoicer' in body || 'invoicee' in body) return '공급자·공급받는자는 invoicer…/invoicee… 필드로 보냅니다';
  for (const f of ['writeDate', 'invoicerCorpNum', 'invoicerCorpName', 'invoiceeCorpNum', 'invoiceeMgtKey'])
    if (typeof body[f] !== 'string' || !body[f]) return `${f}이(가) 없습니다`;
  if (!['과세', '영세', '면세'].includes(String(body.taxType)))
    return `과세형태는 과세, 영세, 면세 중 하나입니다: ${String(body.taxType)}`;
  if (!['영수', '청구', '없음'].includes(String(body.purposeType)))
    return `영수/청구는 영수, 청구, 없음 중 하나입니다: ${String(body.purposeType)}`;
  if (body.taxType !== '과세' && body.taxTotal !== '0') return `${String(body.taxType)} 문서의 세액은 0입니다`;
  const lines = body.detailList as Array<Record<string, unknown>> | undefined;
  for (const l of lines ?? [])
    for (const f of ['qty', 'unitCost'])
      if (l[f] !== '' && l[f] !== undefined && !/^-?\d+(\.\d{1,2})?$/.test(String(l[f])))
        return `${f}은(는) 소수점 2자리까지입니다: ${String(l[f])}`;
  return null;
}

const TYPE_CODES: Record<string, string> = { 과세: '0101', 영세: '0102', 면세: '0301' };
const PURPOSE_CODES: Record<string, string> = { 영수: '01', 청구: '02' };

/** The NTS standard's outline (TaxInvoice: document, parties, amounts, lines) for a fake issued invoice. */
function standardXml(doc: FakeDocument): string {
  const r = doc.request as Record<string, string> & { detailList: Array<Record<string, string>> };
  const esc = (v: unknown) => String(v ?? '').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const party = (tag: string, who: 'invoicer' | 'invoicee') =>
    `<${tag}><ID>${esc(r[`${who}CorpNum`])}</ID><NameText>${esc(r[`${who}CorpName`])}</NameText><SpecifiedPerson><NameText>${esc(r[`${who}CEOName`])}</NameText></SpecifiedPerson></${tag}>`;
  const lines = r.detailList
    .map(
      (l) =>
        `<TaxInvoiceTradeLineItem><SequenceNumeric>${esc(l.serialNum)}</SequenceNumeric><PurchaseExpiryDateTime>${esc(l.purchaseDT)}</PurchaseExpiryDateTime><NameText>${esc(l.itemName)}</NameText><InvoiceAmount>${esc(l.supplyCost)}</InvoiceAmount><TotalTax><CalculatedAmount>${esc(l.tax)}</CalculatedAmount></TotalTax></TaxInvoiceTradeLineItem>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<TaxInvoice xmlns="urn:kr:or:kec:standard:Tax:ReusableAggregateBusinessInformationEntitySchemaModule:1:0"><TaxInvoiceDocument><IssueID>${esc(doc.ntsconfirmNum)}</IssueID><TypeCode>${TYPE_CODES[r.taxType] ?? ''}</TypeCode><IssueDateTime>${esc(r.writeDate)}</IssueDateTime><PurposeCode>${PURPOSE_CODES[r.purposeType] ?? ''}</PurposeCode></TaxInvoiceDocument><TaxInvoiceTradeSettlement>${party('InvoicerParty', 'invoicer')}${party('InvoiceeParty', 'invoicee')}<SpecifiedMonetarySummation><ChargeTotalAmount>${esc(r.supplyCostTotal)}</ChargeTotalAmount><TaxTotalAmount>${esc(r.taxTotal)}</TaxTotalAmount><GrandTotalAmount>${esc(r.totalAmount)}</GrandTotalAmount></SpecifiedMonetarySummation></TaxInvoiceTradeSettlement>${lines}</TaxInvoice>\n`;
}

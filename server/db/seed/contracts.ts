/**
 * The demo company's electronic-contract set-up (docs/contracts.md), so a fresh `npm start` can
 * make a contract with no setup by hand: a clause library, a supply-contract (물품공급계약서) and a
 * 변경계약 template placing those clauses and the party variables (대표자, 사업자등록번호, 계약일자),
 * and — in purchasing.ts, with the other rules — a CONTRACT approval rule. The templates use only
 * catalogue variables and library clauses (a unit test checks them as a save would). Clause codes
 * have no underscore: a template's stored clauses are read back through the camel-case plugin,
 * which would rewrite a nested key's underscores.
 */
import type { Db } from '../connect.js';
import { insertAll } from './insert.js';
import { SEED_CREATED_AT } from './organisation.js';

export interface SeedClause {
  code: string;
  title: string;
  body: string;
}

export const CONTRACT_CLAUSES: readonly SeedClause[] = [
  {
    code: 'DELIVERYTERMS',
    title: '납품 및 검수',
    body: [
      '제3조 (납품 및 검수)',
      '① 을은 발주서 {{source.no}}에서 정한 품목과 수량을 지정된 납기에 갑이 지정한 장소에 납품한다.',
      '② 갑은 납품을 받은 날부터 10일 이내에 검수하고, 불합격한 물품은 그 사유를 을에게 서면(전자문서를 포함한다)으로 알린다.',
      '③ 을은 불합격한 물품을 갑이 정한 기한 안에 자기 비용으로 교체하거나 보완한다.',
    ].join('\n'),
  },
  {
    code: 'PAYMENT',
    title: '대금 지급',
    body: [
      '제4조 (대금 지급)',
      '① 갑은 검수에 합격한 물품에 대하여 을의 세금계산서를 받은 날부터 60일 이내에 대금을 지급한다.',
      '② 계약금액은 {{contract.totalAmount}}(공급가액 {{contract.supplyAmount}}, 부가가치세 {{contract.vatAmount}}, {{contract.taxTypeName}})이다.',
    ].join('\n'),
  },
  {
    code: 'WARRANTY',
    title: '하자담보',
    body: [
      '제5조 (하자담보)',
      '을은 검수일부터 1년 동안 물품의 하자에 대하여 책임을 지며, 그 기간 안에 발견된 하자는 갑의 통지를 받은 날부터 14일 이내에 무상으로 보수하거나 교체한다.',
    ].join('\n'),
  },
  {
    code: 'SECRECY',
    title: '비밀유지',
    body: [
      '제6조 (비밀유지)',
      '갑과 을은 이 계약의 이행 중 알게 된 상대방의 영업상 비밀을 상대방의 서면 동의 없이 제3자에게 누설하거나 이 계약 외의 목적으로 사용하지 아니한다. 이 의무는 계약이 끝난 뒤 3년간 존속한다.',
    ].join('\n'),
  },
  {
    code: 'TERMINATION',
    title: '계약의 해제·해지',
    body: [
      '제7조 (계약의 해제·해지)',
      '갑 또는 을은 상대방이 이 계약을 위반하고 14일 이상의 기간을 정한 서면 최고에도 이를 시정하지 아니하는 때에는 이 계약의 전부 또는 일부를 해제하거나 해지할 수 있다.',
    ].join('\n'),
  },
  {
    code: 'DISPUTE',
    title: '분쟁 해결',
    body: [
      '제8조 (분쟁 해결)',
      '이 계약에 관한 분쟁은 갑과 을이 성실히 협의하여 해결하며, 협의가 이루어지지 아니하는 때에는 갑의 본사 소재지를 관할하는 지방법원을 제1심 관할법원으로 한다.',
    ].join('\n'),
  },
];

/** The parties' block, the same in both templates. */
const PARTIES = [
  '갑 (발주자): {{buyer.name}}',
  '  사업자등록번호 {{buyer.bizNo}} · 대표자 {{buyer.ceo}}',
  '  주소 {{buyer.address}}',
  '을 (수급자): {{supplier.name}}',
  '  사업자등록번호 {{supplier.bizNo}} · 대표자 {{supplier.ceo}}',
  '  주소 {{supplier.address}}',
].join('\n');

export interface SeedTemplate {
  templateNo: string;
  name: string;
  contractType: 'SUPPLY' | 'CONSTRUCT' | 'SERVICE' | 'UNIT_PRICE';
  signOrder: 'SUPPLIER_FIRST' | 'BUYER_FIRST';
  body: string;
}

export const CONTRACT_TEMPLATES: readonly SeedTemplate[] = [
  {
    templateNo: 'SUPPLY-STD',
    name: '물품공급계약서 (표준)',
    contractType: 'SUPPLY',
    signOrder: 'SUPPLIER_FIRST',
    body: [
      '{{contract.typeName}} — {{contract.title}}',
      '',
      '계약번호 {{contract.no}} · 계약일자 {{contract.date}}',
      '',
      PARTIES,
      '',
      '제1조 (목적)',
      '이 계약은 갑이 발주서 {{source.no}}({{source.title}}, {{source.date}})로 주문한 물품을 을이 공급하는 데 필요한 사항을 정한다.',
      '',
      '제2조 (계약기간)',
      '계약기간은 {{contract.startDate}}부터 {{contract.endDate}}까지로 한다.',
      '',
      '{{clause:DELIVERYTERMS}}',
      '',
      '{{clause:PAYMENT}}',
      '',
      '{{clause:WARRANTY}}',
      '',
      '{{clause:SECRECY}}',
      '',
      '{{clause:TERMINATION}}',
      '',
      '{{clause:DISPUTE}}',
      '',
      '이 계약을 증명하기 위하여 갑과 을은 전자서명으로 계약서를 작성하고 각자 전자문서로 보관한다.',
      '',
      '{{contract.date}}',
    ].join('\n'),
  },
  {
    templateNo: 'AMEND-STD',
    name: '변경계약서 (표준)',
    contractType: 'SUPPLY',
    signOrder: 'SUPPLIER_FIRST',
    body: [
      '변경계약서 — {{contract.title}}',
      '',
      '계약번호 {{contract.no}} · 계약일자 {{contract.date}} · 원계약 {{amends.no}}',
      '',
      PARTIES,
      '',
      '제1조 (목적)',
      '갑과 을은 원계약 {{amends.no}}의 내용 중 다음 사항을 변경하기로 합의한다.',
      '',
      '제2조 (변경 내용)',
      '{{amends.summary}}',
      '',
      '제3조 (변경 후 계약금액)',
      '변경 후 계약금액은 {{contract.totalAmount}}(공급가액 {{contract.supplyAmount}}, 부가가치세 {{contract.vatAmount}})이며, 계약기간은 {{contract.startDate}}부터 {{contract.endDate}}까지로 한다.',
      '',
      '제4조 (그 밖의 사항)',
      '이 변경계약에서 정하지 아니한 사항은 원계약 {{amends.no}}에 따른다.',
      '',
      '{{contract.date}}',
    ].join('\n'),
  },
];

/** The `{{clause:CODE}}` codes a template places. */
export const placedClauses = (body: string) => [...body.matchAll(/\{\{clause:([A-Z0-9_]+)\}\}/g)].map((m) => m[1]);

export async function seedContracts(trx: Db): Promise<void> {
  const createdBy = 'opadmin';
  await insertAll(
    trx,
    'econtractClause',
    CONTRACT_CLAUSES.map((c) => ({
      clauseCode: c.code,
      title: c.title,
      body: c.body,
      createdBy,
      createdAt: SEED_CREATED_AT,
      updatedAt: SEED_CREATED_AT,
    })),
  );
  const byCode = new Map(CONTRACT_CLAUSES.map((c) => [c.code, c]));
  await insertAll(
    trx,
    'econtractTemplate',
    CONTRACT_TEMPLATES.map((t) => ({
      templateNo: t.templateNo,
      version: 1,
      name: t.name,
      contractType: t.contractType,
      signOrder: t.signOrder,
      body: t.body,
      // The version freezes the clause texts it places, as a save does.
      clauses: JSON.stringify(
        Object.fromEntries(
          placedClauses(t.body).map((code) => [code, { title: byCode.get(code)!.title, body: byCode.get(code)!.body }]),
        ),
      ),
      createdBy,
      createdAt: SEED_CREATED_AT,
    })),
  );
}

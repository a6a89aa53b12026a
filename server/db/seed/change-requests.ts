import crypto from 'node:crypto';
import { maskBankAccount } from '../../../lib/bank-account.js';
import type { Db } from '../connect.js';
import { anchorDate } from './rng.js';

/** A KST timestamp `days` from the anchor date at `hour`. */
const at = (days: number, hour: number) => `${anchorDate(days)}T${String(hour).padStart(2, '0')}:00:00+09:00`;

/**
 * Supplier change requests (docs/suppliers.md) from C00001 and C00002 in every state: an approved
 * address change behind C00001's current address and a rejected bank change; an open bank change
 * of C00002 waiting for staff and a withdrawn one. The seed stores no files, so each request's
 * attachment group is there but empty. C00001 has nothing open, so its users can ask at once.
 */
export async function insertChangeRequests(trx: Db): Promise<void> {
  const companies = await trx
    .selectFrom('company')
    .select(['compNo', 'address', 'bankAccount', 'bankHolder'])
    .where('compNo', 'in', ['C00001', 'C00002'])
    .orderBy('compNo')
    .execute();
  if (companies.length < 2) return;
  const [c1, c2] = companies;
  const year = anchorDate(0).slice(0, 4);
  const no = (n: number) => `CCR${year}-${String(n).padStart(6, '0')}`;
  const requests = [
    {
      reqNo: no(1),
      compNo: 'C00001',
      kinds: 'REGISTRATION',
      changes: { address: { from: '경기도 화성시 동탄산단로 11 (구 사옥)', to: c1.address } },
      bankAccount: null,
      reason: '본사 이전 (사업자등록증 정정 완료)',
      status: 'APPROVED' as const,
      requestedBy: 'supplier1',
      requestedAt: at(-60, 10),
      decidedBy: 'opadmin',
      decidedAt: at(-59, 15),
      decisionComment: '사업자등록증 확인',
    },
    {
      reqNo: no(2),
      compNo: 'C00001',
      kinds: 'BANK',
      changes: { bankAccount: { from: maskBankAccount(c1.bankAccount), to: maskBankAccount('110-432-987654') } },
      bankAccount: '110-432-987654',
      reason: '주거래 은행 계좌 변경',
      status: 'REJECTED' as const,
      requestedBy: 'supplier1adm',
      requestedAt: at(-20, 9),
      decidedBy: 'opadmin',
      decidedAt: at(-19, 11),
      decisionComment: '통장 사본의 예금주가 회사명과 다릅니다. 법인 명의 통장으로 다시 요청하세요',
    },
    {
      reqNo: no(3),
      compNo: 'C00002',
      kinds: 'BANK',
      changes: {
        bankAccount: { from: maskBankAccount(c2.bankAccount), to: maskBankAccount('301-0245-6789-11') },
        bankHolder: { from: c2.bankHolder, to: '한빛전자 주식회사' },
      },
      bankAccount: '301-0245-6789-11',
      reason: '결제 계좌를 농협 법인계좌로 변경',
      status: 'REQUESTED' as const,
      requestedBy: 'supplier2',
      requestedAt: at(-2, 14),
      decidedBy: null,
      decidedAt: null,
      decisionComment: null,
    },
    {
      reqNo: no(4),
      compNo: 'C00002',
      kinds: 'REGISTRATION',
      changes: { ceoName: { from: '송태현', to: '송태현, 김지수 (공동대표)' } },
      bankAccount: null,
      reason: '공동대표 선임 예정',
      status: 'WITHDRAWN' as const,
      requestedBy: 'supplier2',
      requestedAt: at(-40, 16),
      decidedBy: 'supplier2',
      decidedAt: at(-39, 9),
      decisionComment: null,
    },
  ];
  for (const r of requests) {
    const fileId = crypto.randomUUID();
    await trx
      .insertInto('fileGroup')
      .values({
        fileId,
        createdBy: r.requestedBy,
        compNo: r.compNo,
        docType: 'COMPANY_CHANGE',
        docNo: r.reqNo,
        boundAt: new Date(r.requestedAt),
      })
      .execute();
    await trx
      .insertInto('companyChangeRequest')
      .values({ ...r, changes: JSON.stringify(r.changes), fileId })
      .execute();
    await trx
      .insertInto('auditLog')
      .values([
        {
          entity: 'company_change_request',
          entityKey: r.reqNo,
          action: 'CREATE',
          actor: r.requestedBy,
          at: r.requestedAt,
          beforeData: null,
          afterData: JSON.stringify({ compNo: r.compNo, kinds: r.kinds, changes: r.changes }),
          reason: r.reason,
        },
        ...(r.decidedAt
          ? [
              {
                entity: 'company_change_request',
                entityKey: r.reqNo,
                action: r.status,
                actor: r.decidedBy,
                at: r.decidedAt,
                beforeData: null,
                afterData: JSON.stringify({ status: r.status }),
                reason: r.decisionComment,
              },
            ]
          : []),
        ...(r.status === 'APPROVED'
          ? [
              {
                entity: 'company',
                entityKey: r.compNo,
                action: 'CHANGE_REQUEST',
                actor: r.decidedBy,
                at: r.decidedAt!,
                beforeData: JSON.stringify({ address: r.changes.address?.from }),
                afterData: JSON.stringify({ address: r.changes.address?.to, reqNo: r.reqNo }),
                reason: `${r.reqNo} ${r.reason}`,
              },
            ]
          : []),
      ])
      .execute();
  }
  await trx
    .insertInto('documentSequence')
    .values({ prefix: 'CCR', period: year, lastValue: requests.length })
    .onConflict((oc) => oc.columns(['prefix', 'period']).doUpdateSet({ lastValue: requests.length }))
    .execute();
}

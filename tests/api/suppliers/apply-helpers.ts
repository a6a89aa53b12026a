import type { LightMyRequestResponse } from 'fastify';
import { businessNumberCheckDigit } from '../../../lib/business-number.js';
import { corporateNumberCheckDigit } from '../../../lib/corporate-number.js';
import type { TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';

/** The public wizard as an applicant drives it (no login: receipt number and secret). */
export function applicant(t: TestApp) {
  const base = '/api/v1/public/supplier-applications';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, secret?: string, payload?: unknown, ip = '10.1.1.1') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: secret ? { 'x-apply-secret': secret } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    start: (applyType = 'NEW_COMPANY', ip?: string) => call('POST', base, undefined, { applyType }, ip),
    read: (no: string, secret: string) => call('GET', `${base}/${no}`, secret),
    terms: () => call('GET', '/api/v1/public/apply-terms'),
    consent: (no: string, secret: string, body: object) => call('PUT', `${base}/${no}/consent`, secret, body),
    company: (no: string, secret: string, body: object) => call('PUT', `${base}/${no}/company`, secret, body),
    otp: (no: string, secret: string, cellPhoneNo: string) =>
      call('POST', `${base}/${no}/otp`, secret, { cellPhoneNo }),
    submit: (no: string, secret: string, body: object) => call('POST', `${base}/${no}/submit`, secret, body),
    upload: async (
      no: string,
      secret: string,
      kind: 'CERT' | 'BANKBOOK',
      name = 'cert.pdf',
      content: string | Uint8Array<ArrayBuffer> = '%PDF-1.4 certificate',
      type = 'application/pdf',
    ): Promise<LightMyRequestResponse> => {
      const form = await multipart([{ name, content, type }], 'file');
      return t.app.inject({
        method: 'POST',
        url: `${base}/${no}/files/${kind}`,
        remoteAddress: '10.1.1.1',
        headers: { ...form.headers, 'x-apply-secret': secret },
        payload: form.payload,
      });
    },
  };
}

let counter = 0;
/** A business number with a right check digit that the seed does not hold (9xx prefix). */
export function freshTaxNo(): string {
  const first9 =
    `9${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 7) + String(counter++ % 100).padStart(2, '0');
  return `${first9}${businessNumberCheckDigit(first9)}`;
}

export function corpNo(): string {
  const first12 = '110111' + String(Date.now() % 1_000_000).padStart(6, '0');
  return `${first12}${corporateNumberCheckDigit(first12)}`;
}

export const companyBody = (taxNo: string, over: Record<string, unknown> = {}) => ({
  taxNo,
  corpNo: corpNo(),
  compNameKr: '㈜새봄정밀',
  compNameEn: 'Saebom Precision',
  ceoName: '한새봄',
  zipCode: '06236',
  address: '서울특별시 강남구 테헤란로 1',
  bizType: '제조업',
  bizItem: '정밀가공',
  phoneNo: '02-555-1234',
  catCodes: ['MRO'],
  bankCode: '004',
  bankAccount: '123-456-789012',
  bankHolder: '㈜새봄정밀',
  ...over,
});

export const userBody = (userId: string, otpCode: string, over: Record<string, unknown> = {}) => ({
  userId,
  hname: '한새봄',
  phoneNo: '02-555-1234',
  cellPhoneNo: '010-5555-0101',
  email: `${userId}@saebom.example`,
  password: 'Saebom!2026',
  otpCode,
  ...over,
});

/** The newest one-time code the dev outbox holds for a phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('devOutbox')
    .select('code')
    .where('recipient', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.code!;
}

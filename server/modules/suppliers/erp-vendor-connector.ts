import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { createHttpAdapter } from '../fulfilment/posting/http-adapter.js';
import type { PostResult, VoucherPayload } from '../fulfilment/posting/connector.js';

/**
 * The seam between GPMS and the ERP's vendor master, on the pattern of the settlement posting
 * (server/modules/fulfilment/posting/connector.ts): one record sent under an idempotency key,
 * never throwing for an ERP failure. With ERP_VENDOR_URL set it is POSTed there by the posting's
 * HTTP adapter (same timeout, retries, backoff and Idempotency-Key header — the adapter sends any
 * JSON body as it is); unset, it is written as DATA_DIR/erp-vendors/<appNo>.json for an ERP that
 * imports files.
 */
export interface VendorPayload {
  appNo: string;
  compNo: string;
  name: string;
  nameEn: string | null;
  taxNo: string;
  corpNo: string | null;
  ceoName: string;
  address: string | null;
  phoneNo: string | null;
  email: string | null;
  bank: { code: string | null; account: string | null; holder: string | null };
}

export interface VendorConnector {
  readonly kind: 'file' | 'http';
  send(payload: VendorPayload, idempotencyKey: string): Promise<PostResult>;
}

function fileConnector(dataDir: string): VendorConnector {
  const root = path.join(dataDir, 'erp-vendors');
  return {
    kind: 'file',
    async send(payload, idempotencyKey) {
      if (!/^[A-Z]{2,4}\d{4}-\d{6}$/.test(payload.appNo)) return { ok: false, attempts: 1, message: `신청 번호가 올바르지 않습니다: ${payload.appNo}`, httpStatus: null, erpCode: 'BAD_APPLICATION' };
      const file = path.join(root, `${payload.appNo}.json`);
      try {
        await fs.promises.mkdir(root, { recursive: true });
        const existing = await fs.promises.readFile(file, 'utf8').then((t) => JSON.parse(t) as { idempotencyKey: string; erpVendorNo: string }, () => null);
        if (existing) {
          if (existing.idempotencyKey === idempotencyKey) return { ok: true, erpDocNo: existing.erpVendorNo, attempts: 1 };
          return { ok: false, attempts: 1, message: `같은 신청 번호의 다른 파일이 이미 있습니다: ${payload.appNo}`, httpStatus: null, erpCode: 'DUPLICATE_APPLICATION' };
        }
        const stored = { idempotencyKey, erpVendorNo: `FV-${payload.compNo}`, writtenAt: new Date().toISOString(), vendor: payload };
        const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
        await fs.promises.writeFile(tmp, `${JSON.stringify(stored, null, 2)}\n`, { flag: 'wx' });
        await fs.promises.rename(tmp, file);
        return { ok: true, erpDocNo: stored.erpVendorNo, attempts: 1 };
      } catch (err) {
        return { ok: false, attempts: 1, message: `거래처 파일을 쓸 수 없습니다: ${(err as Error).message}`, httpStatus: null, erpCode: 'FILE_WRITE' };
      }
    },
  };
}

export function createVendorConnector(config: Pick<Config, 'erpVendorUrl' | 'erpTimeoutMs' | 'erpRetries' | 'erpBackoffMs' | 'dataDir'>): VendorConnector {
  if (!config.erpVendorUrl) return fileConnector(config.dataDir);
  const http = createHttpAdapter({ url: config.erpVendorUrl, timeoutMs: config.erpTimeoutMs, retries: config.erpRetries, backoffMs: config.erpBackoffMs });
  // The adapter only serialises its payload; its voucher type names what the posting sends.
  return { kind: 'http', send: (payload, key) => http.post(payload as unknown as VoucherPayload, key) };
}

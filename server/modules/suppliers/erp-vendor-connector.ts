import type { Config } from '../../config.js';
import { objectStoreFor } from '../../storage/open.js';
import { readSmall, type ObjectStore } from '../../storage/object-store.js';
import { createHttpAdapter } from '../fulfilment/posting/http-adapter.js';
import type { PostResult, VoucherPayload } from '../fulfilment/posting/connector.js';

/**
 * The seam between GPMS and the ERP's vendor master, on the pattern of the settlement posting
 * (server/modules/fulfilment/posting/connector.ts): one record sent under an idempotency key,
 * never throwing for an ERP failure. With ERP_VENDOR_URL set it is POSTed there by the posting's
 * HTTP adapter (same timeout, retries, backoff and Idempotency-Key header — the adapter sends any
 * JSON body as it is); unset, it is written as erp-vendors/<appNo>.json in the file store (DATA_DIR
 * or FILE_STORE's bucket) for an ERP that imports files.
 */
interface VendorPayload {
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

function fileConnector(store: ObjectStore): VendorConnector {
  return {
    kind: 'file',
    async send(payload, idempotencyKey) {
      if (!/^[A-Z]{2,4}\d{4}-\d{6}$/.test(payload.appNo))
        return {
          ok: false,
          attempts: 1,
          message: `신청 번호가 올바르지 않습니다: ${payload.appNo}`,
          httpStatus: null,
          erpCode: 'BAD_APPLICATION',
        };
      const key = `erp-vendors/${payload.appNo}.json`;
      try {
        const stream = await store.get(key);
        const existing = stream
          ? (JSON.parse((await readSmall(stream)).toString('utf8')) as { idempotencyKey: string; erpVendorNo: string })
          : null;
        if (existing) {
          if (existing.idempotencyKey === idempotencyKey)
            return { ok: true, erpDocNo: existing.erpVendorNo, attempts: 1 };
          return {
            ok: false,
            attempts: 1,
            message: `같은 신청 번호의 다른 파일이 이미 있습니다: ${payload.appNo}`,
            httpStatus: null,
            erpCode: 'DUPLICATE_APPLICATION',
          };
        }
        const stored = {
          idempotencyKey,
          erpVendorNo: `FV-${payload.compNo}`,
          // real time: when the file was written (a file stamp)
          writtenAt: new Date().toISOString(),
          vendor: payload,
        };
        await store.put(key, `${JSON.stringify(stored, null, 2)}\n`);
        return { ok: true, erpDocNo: stored.erpVendorNo, attempts: 1 };
      } catch (err) {
        return {
          ok: false,
          attempts: 1,
          message: `거래처 파일을 쓸 수 없습니다: ${(err as Error).message}`,
          httpStatus: null,
          erpCode: 'FILE_WRITE',
        };
      }
    },
  };
}

export function createVendorConnector(
  config: Pick<Config, 'erpVendorUrl' | 'erpTimeoutMs' | 'erpRetries' | 'erpBackoffMs' | 'dataDir' | 'fileStore'>,
): VendorConnector {
  if (!config.erpVendorUrl) return fileConnector(objectStoreFor(config));
  const http = createHttpAdapter({
    url: config.erpVendorUrl,
    timeoutMs: config.erpTimeoutMs,
    retries: config.erpRetries,
    backoffMs: config.erpBackoffMs,
  });
  // The adapter only serialises its payload; its voucher type names what the posting sends.
  return { kind: 'http', send: (payload, key) => http.post(payload as unknown as VoucherPayload, key) };
}

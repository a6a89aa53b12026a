import type { ObjectStore } from '../../../storage/object-store.js';
import { readSmall } from '../../../storage/object-store.js';
import type { ErpConnector, PostResult, VoucherPayload } from './connector.js';

interface StoredVoucher {
  idempotencyKey: string;
  erpDocNo: string;
  writtenAt: string;
  voucher: VoucherPayload;
}

/**
 * The default connector: each voucher becomes `erp-vouchers/<period>/<voucherNo>.json` in the file
 * store (DATA_DIR or the bucket), written whole or not at all (a temporary name renamed, or one
 * S3 put: a reader never sees half a file). Posting the same voucher again with the same key finds
 * the file and answers the same document number without writing; a different key for an existing
 * voucher number is refused.
 */
export function createFileAdapter(store: ObjectStore): ErpConnector {
  return {
    kind: 'file',
    async post(voucher: VoucherPayload, idempotencyKey: string): Promise<PostResult> {
      if (!/^[A-Z]{2}\d{4}-\d{6}$/.test(voucher.voucherNo) || !/^\d{6}$/.test(voucher.period)) {
        return {
          ok: false,
          attempts: 1,
          message: `전표 번호 또는 기간이 올바르지 않습니다: ${voucher.voucherNo} ${voucher.period}`,
          httpStatus: null,
          erpCode: 'BAD_VOUCHER',
        };
      }
      const key = `erp-vouchers/${voucher.period}/${voucher.voucherNo}.json`;
      try {
        const existing = await readStored(store, key);
        if (existing) {
          if (existing.idempotencyKey === idempotencyKey) return { ok: true, erpDocNo: existing.erpDocNo, attempts: 1 };
          return {
            ok: false,
            attempts: 1,
            message: `같은 전표 번호의 다른 전표 파일이 이미 있습니다: ${voucher.voucherNo}`,
            httpStatus: null,
            erpCode: 'DUPLICATE_VOUCHER',
          };
        }
        const stored: StoredVoucher = {
          idempotencyKey,
          erpDocNo: `F-${voucher.voucherNo}`,
          // real time: when the file was written (a file stamp)
          writtenAt: new Date().toISOString(),
          voucher,
        };
        await store.put(key, `${JSON.stringify(stored, null, 2)}\n`);
        return { ok: true, erpDocNo: stored.erpDocNo, attempts: 1 };
      } catch (err) {
        return {
          ok: false,
          attempts: 1,
          message: `전표 파일을 쓸 수 없습니다: ${(err as Error).message}`,
          httpStatus: null,
          erpCode: 'FILE_WRITE',
        };
      }
    },
  };
}

async function readStored(store: ObjectStore, key: string): Promise<StoredVoucher | null> {
  const stream = await store.get(key);
  return stream ? (JSON.parse((await readSmall(stream)).toString('utf8')) as StoredVoucher) : null;
}

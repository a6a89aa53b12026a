import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ErpConnector, PostResult, VoucherPayload } from './connector.js';

interface StoredVoucher {
  idempotencyKey: string;
  erpDocNo: string;
  writtenAt: string;
  voucher: VoucherPayload;
}

/**
 * The default connector: each voucher becomes `DATA_DIR/erp-vouchers/<period>/<voucherNo>.json`,
 * written to a temporary name and renamed (a reader never sees half a file). Posting the same
 * voucher again with the same key finds the file and answers the same document number without
 * writing; a different key for an existing voucher number is refused.
 */
export function createFileAdapter(dataDir: string): ErpConnector {
  const root = path.join(dataDir, 'erp-vouchers');
  return {
    kind: 'file',
    async post(voucher: VoucherPayload, idempotencyKey: string): Promise<PostResult> {
      if (!/^[A-Z]{2}\d{4}-\d{6}$/.test(voucher.voucherNo) || !/^\d{6}$/.test(voucher.period)) {
        return { ok: false, attempts: 1, message: `전표 번호 또는 기간이 올바르지 않습니다: ${voucher.voucherNo} ${voucher.period}`, httpStatus: null, erpCode: 'BAD_VOUCHER' };
      }
      const dir = path.join(root, voucher.period);
      const file = path.join(dir, `${voucher.voucherNo}.json`);
      try {
        await fs.promises.mkdir(dir, { recursive: true });
        const existing = await readStored(file);
        if (existing) {
          if (existing.idempotencyKey === idempotencyKey) return { ok: true, erpDocNo: existing.erpDocNo, attempts: 1 };
          return { ok: false, attempts: 1, message: `같은 전표 번호의 다른 전표 파일이 이미 있습니다: ${voucher.voucherNo}`, httpStatus: null, erpCode: 'DUPLICATE_VOUCHER' };
        }
        const stored: StoredVoucher = { idempotencyKey, erpDocNo: `F-${voucher.voucherNo}`, writtenAt: new Date().toISOString(), voucher };
        const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
        await fs.promises.writeFile(tmp, `${JSON.stringify(stored, null, 2)}\n`, { flag: 'wx' });
        await fs.promises.rename(tmp, file);
        return { ok: true, erpDocNo: stored.erpDocNo, attempts: 1 };
      } catch (err) {
        return { ok: false, attempts: 1, message: `전표 파일을 쓸 수 없습니다: ${(err as Error).message}`, httpStatus: null, erpCode: 'FILE_WRITE' };
      }
    },
  };
}

async function readStored(file: string): Promise<StoredVoucher | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as StoredVoucher;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

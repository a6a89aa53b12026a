import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../config.js';

/**
 * Sealing of bid prices (issue 30 item 1): envelope encryption with node:crypto's AES-256-GCM.
 * Each tender has its own random data key; bids are encrypted with it, bound to their tender,
 * company and revision (the additional authenticated data), so a ciphertext moved to another row
 * does not open. The data key is stored only wrapped by the master key, which never enters the
 * database: BID_MASTER_KEY, or a key file created once under DATA_DIR/keys (mode 0600).
 * Hand-written around node:crypto (no library needed for two AEAD calls).
 */
const ALGO = 'aes-256-gcm';

export interface MasterKey {
  key: Buffer;
  /** Names the key without revealing it (the first bytes of its SHA-256): stored beside wrapped keys. */
  ref: string;
}

const fileKeys = new Map<string, MasterKey>();

const refOf = (key: Buffer, source: string) =>
  `${source}:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

/**
 * Whether a stored key reference names this master key: by its digest, whatever its source, so a
 * key file's content moved into BID_MASTER_KEY (one server becoming several) is still the same key.
 */
export function sameMasterKey(keyRef: string, master: MasterKey): boolean {
  return keyRef.slice(keyRef.indexOf(':') + 1) === master.ref.slice(master.ref.indexOf(':') + 1);
}

/** The master key: the configured one, or this data directory's key file (created on first use). */
export function masterKeyOf(config: Pick<Config, 'bidMasterKey' | 'dataDir'>): MasterKey {
  if (config.bidMasterKey) return { key: config.bidMasterKey, ref: refOf(config.bidMasterKey, 'env') };
  const file = path.join(config.dataDir, 'keys', 'bid-master.key');
  const cached = fileKeys.get(file);
  if (cached) return cached;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two servers on one data directory racing here keep the first key written.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  const master = { key, ref: refOf(key, 'file') };
  fileKeys.set(file, master);
  return master;
}

function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGO, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

function decrypt(key: Buffer, sealed: string, aad: string): Buffer {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv(ALGO, key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** A new data key for a tender, wrapped by the master key (the clear key is never stored). */
export function newWrappedKey(master: MasterKey, tenderNo: string): string {
  return encrypt(master.key, randomBytes(32), `tender-key/${tenderNo}`);
}

/** The tender's data key, unwrapped: only the opening calls it. */
export function unwrapKey(master: MasterKey, wrapped: string, tenderNo: string): Buffer {
  return decrypt(master.key, wrapped, `tender-key/${tenderNo}`);
}

export interface BidPrices {
  lines: Array<{ lineNo: number; unitPrice: string }>;
}

const bidAad = (tenderNo: string, compNo: string, revision: number) => `bid/${tenderNo}/${compNo}/${revision}`;

/** Seals a bid's prices with the tender's data key (unwrapped for this call only). */
export function sealBid(
  master: MasterKey,
  wrapped: string,
  at: { tenderNo: string; compNo: string; revision: number },
  prices: BidPrices,
): { sealed: string; digest: string } {
  const key = unwrapKey(master, wrapped, at.tenderNo);
  try {
    const sealed = encrypt(
      key,
      Buffer.from(JSON.stringify(prices), 'utf8'),
      bidAad(at.tenderNo, at.compNo, at.revision),
    );
    // The supplier's receipt: a digest of the sealed text, which proves what was submitted without showing it.
    return { sealed, digest: createHash('sha256').update(sealed).digest('hex') };
  } finally {
    key.fill(0);
  }
}

/** Opens a sealed bid with the released data key. */
export function openBid(
  key: Buffer,
  sealed: string,
  at: { tenderNo: string; compNo: string; revision: number },
): BidPrices {
  return JSON.parse(decrypt(key, sealed, bidAad(at.tenderNo, at.compNo, at.revision)).toString('utf8')) as BidPrices;
}

import type { Config } from '../config.js';
import { DiskStore } from './disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

/** The folders of the store the server writes; a backup copies exactly these (DATA_DIR also holds pgdata). */
export const STORE_PREFIXES = ['files/', 'erp-vouchers/', 'erp-vendors/', 'exports/', 'tax-invoices/'] as const;

// One store per configuration object: an S3 client keeps its connections for every caller.
const stores = new WeakMap<Config['fileStore'], ObjectStore>();

/** The configured store: FILE_STORE=s3://… or, by default, DATA_DIR itself. */
export function objectStoreFor(config: Pick<Config, 'fileStore' | 'dataDir'>): ObjectStore {
  const fsConfig = config.fileStore;
  if (fsConfig.kind === 'disk') return new DiskStore(config.dataDir);
  let store = stores.get(fsConfig);
  if (!store) {
    store = new S3Store(fsConfig);
    stores.set(fsConfig, store);
  }
  return store;
}

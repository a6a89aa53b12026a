import type { Config } from '../../config.js';
import { objectStoreFor } from '../../storage/open.js';
import { createFileProvider } from './file-provider.js';
import { createHttpProvider } from './http-provider.js';
import type { TaxInvoiceProvider } from './provider.js';

/** The configured provider: TAX_INVOICE_URL set, the HTTP adapter; else the local file adapter (the supplier issues in /cyber). */
export function createTaxInvoiceProvider(
  config: Pick<
    Config,
    | 'taxInvoiceUrl'
    | 'taxInvoiceToken'
    | 'taxInvoiceTimeoutMs'
    | 'taxInvoiceRetries'
    | 'taxInvoiceBackoffMs'
    | 'dataDir'
    | 'fileStore'
  >,
): TaxInvoiceProvider {
  if (config.taxInvoiceUrl) {
    return createHttpProvider({
      baseUrl: config.taxInvoiceUrl,
      token: config.taxInvoiceToken,
      timeoutMs: config.taxInvoiceTimeoutMs,
      retries: config.taxInvoiceRetries,
      backoffMs: config.taxInvoiceBackoffMs,
    });
  }
  return createFileProvider(objectStoreFor(config));
}

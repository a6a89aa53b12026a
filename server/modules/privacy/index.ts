/** What other modules may use of the privacy module: the download reason and the access record. */
export { DownloadReason } from './schemas.js';
export { loggedFields, personalOperation } from './registry.js';
export { recordAccess } from './service.js';

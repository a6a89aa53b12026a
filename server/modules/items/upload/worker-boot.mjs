// Entry of the spreadsheet worker: the server runs TypeScript through tsx, which a worker
// thread does not inherit on Node 20, so the worker registers it before loading its module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

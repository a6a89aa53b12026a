/**
 * The Excel export worker: receives pages of rows, turns them into cells, writes the workbook
 * with SheetJS and hands the bytes back — the page stays responsive the whole time.
 */
import { createExportHandler, type WorkerRequest } from './workbook';

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = createExportHandler((answer, transfer) => scope.postMessage(answer, transfer ?? []));
scope.onmessage = (event) => handle(event.data);

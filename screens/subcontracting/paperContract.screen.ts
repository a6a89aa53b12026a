import { defineEditScreen } from '../../engine/define';
import { s } from './labels';

/**
 * Record a 하도급 order's paper contract (signed outside the system; 하도급법 §3), opened in a dialog from the order:
 * the contract date, where the signed paper is kept, and a scanned copy. The order may be sent afterwards.
 */
export default defineEditScreen({
  id: 'subcontracting.paperContract',
  title: s('paperContract.title'),
  menu: '/OrderRequestList',
  labels: 'screen.subcon.f',
  description: 'Dialog from an order: the paper contract’s date, reference and scan (recordPaperContract).',
  confirmLeave: false,
  sections: [
    {
      columns: 2,
      fields: [
        // The order's version as the order screen read it: a change since then answers 409.
        { field: 'version', widget: 'number', visible: 'false', default: { query: 'version' } },
        { field: 'contractDate', widget: 'date', required: true, default: { today: 0 } },
        { field: 'reference', required: true, maxLength: 200, span: 2 },
        { field: 'fileId', label: 'screen.subcon.f.scan', widget: 'files', span: 2 },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      id: 'record',
      label: s('a.paperContract'),
      operation: 'recordPaperContract',
      variant: 'primary',
      success: s('done.paperContract'),
      params: {
        path: { poNo: 'query.poNo' },
        body: {
          version: 'form.version',
          contractDate: 'form.contractDate',
          reference: 'form.reference',
          fileId: 'form.fileId',
        },
      },
      then: ['close'],
    },
  ],
});

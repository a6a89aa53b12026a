import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/**
 * Opened in a dialog from /prConfirmEdit (query prNo): invite suppliers to quote on a received PR
 * (견적요청). The PR's number, its current version and title come from getPr; suppliers are chosen
 * with the company popup (trading suppliers, by name, company number or business number); the
 * deadline is the end of that day in Korea. The request copies the PR's lines.
 */
export default defineEditScreen({
  id: 'purchaseRequest.rfqCreate',
  title: 'screen.purchaseRequest.rfqCreate',
  menu: '/prConfirmEdit',
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'prNo', label: F('prNo'), readOnly: true, valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'prNo' } },
        { field: 'prVersion', label: F('prVersion'), readOnly: true, visible: 'false', valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'version' } },
        { field: 'deadline', label: F('deadline'), widget: 'date', required: true, help: T('deadlineHelp') },
        { field: 'title', label: F('rfqTitle'), maxLength: 200, span: 2, valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'title' } },
        { field: 'description', label: F('rfqDescription'), widget: 'textarea', rows: 3, maxLength: 1000, span: 2 },
      ],
    },
  ],
  details: [
    {
      id: 'suppliers',
      title: T('suppliers'),
      rowKey: 'compNo',
      canAdd: false,
      minRows: 1,
      maxRows: 20,
      visibleRows: 5,
      send: 'compNo',
      addFrom: { widget: 'company', label: T('addSupplier'), operation: 'searchRfqSuppliers', fill: { compNo: 'compNo', compNameKr: 'compNameKr', taxNo2: 'taxNo2' } },
      columns: [
        { field: 'compNo', label: F('compNo'), width: 100 },
        { field: 'compNameKr', label: F('compNameKr'), width: 240 },
        { field: 'taxNo2', label: F('taxNo2'), width: 140 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('rfqAttachments') },
  actions: [
    { kind: 'close', requires: 'read' },
    { kind: 'save', label: T('sendRfq'), operation: 'createRfq', variant: 'primary', confirm: T('confirmRfq'), success: T('rfqSent') },
  ],
});

import { defineEditScreen } from '../../engine/define';
import { buyerSection, compNameField, currencyField, f, filesSection, headerSection, titleField } from './supplier-document';

const T = 'screen.cyberPurchase.orderEdit';

/**
 * /CyberOrderRequestEdit (external) — one purchase order sent to my company: header, buyer, lines
 * (ordered, delivered, received), attachments and the change history; acknowledged once (the
 * server offers `acknowledge` in `actions` while the order is SENT — again after a change — and
 * refuses a second one with its message); printed through cyberPurchase.orderPrint.
 */
export default defineEditScreen({
  id: 'cyberPurchase.orderEdit',
  route: '/CyberOrderRequestEdit',
  portals: ['internal', 'external'],
  title: `${T}.title`,
  description: 'One PO: read it, acknowledge it (once), print it; the LOI it names is a click away.',
  key: ['poNo'],
  load: { operation: 'getSupplierPo', params: { path: { poNo: 'query.poNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    headerSection(T, [
      { field: 'poNo', label: f('poNo') },
      titleField,
      { field: 'status', label: f('poStatus'), widget: 'select', codeGroup: 'PO_STATUS', emptyOption: 'none' },
      { field: 'poType', label: f('poType'), widget: 'select', codeGroup: 'PO_TYPE', emptyOption: 'none' },
      { field: 'poDate', label: f('poDate'), widget: 'date' },
      { field: 'totalAmount', label: f('poAmount'), widget: 'money' },
      currencyField,
      { field: 'dueDate', label: f('dueDate'), widget: 'date' },
      compNameField,
      { field: 'deptnm', label: f('deptnm') },
      { field: 'quoteNo', label: f('quoteNo') },
      { field: 'forwardedAt', label: f('forwardedAt'), widget: 'datetime' },
      { field: 'acknowledgedAt', label: f('acknowledgedAt'), widget: 'datetime' },
      { field: 'loiNo', label: f('loiNo') },
      { field: 'remark', label: f('poRemark'), widget: 'textarea', rows: 2, span: 3 },
      { field: 'cancelReason', label: f('cancelReason'), widget: 'textarea', rows: 2, span: 3, visible: '!empty(form.cancelReason)' },
    ]),
    buyerSection(T),
    filesSection(T),
  ],
  details: [
    {
      id: 'lines',
      visibleRows: 6,
      title: `${T}.lines`,
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 56 },
        { field: 'itemCode', label: f('itemCode'), width: 100 },
        { field: 'itemName', label: f('itemName'), width: 200 },
        { field: 'spec', label: f('spec'), width: 150 },
        { field: 'unitCode', label: f('unitCode'), width: 60, align: 'center' },
        { field: 'quantity', label: f('quantity'), type: 'number', width: 80 },
        { field: 'unitPrice', label: f('unitPrice'), type: 'number', width: 110 },
        { field: 'amount', label: f('amount'), type: 'money', width: 130 },
        { field: 'deliveryDate', label: f('deliveryDate'), type: 'date', width: 100 },
        { field: 'deliveredQty', label: f('deliveredQty'), type: 'number', width: 80 },
        { field: 'receivedQty', label: f('receivedQty'), type: 'number', width: 80 },
      ],
    },
    {
      id: 'changes',
      title: `${T}.changes`,
      rowKey: 'changeId',
      canAdd: false,
      canDelete: false,
      visible: 'detail.changes.count > 0',
      visibleRows: 5,
      columns: [
        { field: 'changeSeq', label: f('changeSeq'), type: 'number', width: 70 },
        { field: 'fieldName', label: f('fieldName'), width: 110 },
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 56 },
        { field: 'itemName', label: f('itemName'), width: 160 },
        { field: 'beforeValue', label: f('beforeValue'), width: 110 },
        { field: 'afterValue', label: f('afterValue'), width: 110 },
        { field: 'reason', label: f('reason'), width: 200 },
        { field: 'changedByName', label: f('changedByName'), width: 90 },
        { field: 'changedAt', label: f('changedAt'), type: 'datetime', width: 130 },
      ],
    },
  ],
  actions: [
    { kind: 'back' },
    { kind: 'navigate', id: 'loi', portal: 'external', label: `${T}.loi`, screen: 'cyberPurchase.loiEdit', query: { loiNo: 'form.loiNo' }, visible: '!empty(form.loiNo)' },
    { kind: 'open', id: 'print', label: `${T}.print`, screen: 'cyberPurchase.orderPrint', dialog: true, query: { poNo: 'form.poNo' } },
    {
      kind: 'workflow',
      id: 'acknowledge',
      portal: 'external',
      label: `${T}.acknowledge`,
      variant: 'primary',
      operation: 'acknowledgePo',
      visible: "contains(form.actions, 'acknowledge')",
      confirm: `${T}.confirmAcknowledge`,
      success: `${T}.acknowledged`,
      params: { path: { poNo: 'form.poNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
  ],
});

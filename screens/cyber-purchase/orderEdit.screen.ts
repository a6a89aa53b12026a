import { defineEditScreen } from '../../engine/define';
import { coordinationsDetail, orderCoordinationAction, RUNNING_ORDER_STATUSES } from '../subcontracting/coordination';
import {
  buyerSection,
  compNameField,
  currencyField,
  f,
  filesSection,
  headerSection,
  titleField,
} from './supplier-document';

const T = 'screen.cyberPurchase.orderEdit';

/**
 * /CyberOrderRequestEdit (external) — one purchase order sent to my company: header, buyer, lines
 * (ordered, delivered, received), attachments and the change history; acknowledged once (the
 * server offers `acknowledge` in `actions` while the order is SENT — again after a change — and
 * refuses a second one with its message); printed through cyberPurchase.orderPrint. My 납품대금 조정협의 requests on
 * the order are listed under it, and a new one is asked here while the order is 하도급 and running.
 */
export default defineEditScreen({
  id: 'cyberPurchase.orderEdit',
  route: '/CyberOrderRequestEdit',
  portals: ['internal', 'external'],
  title: `${T}.title`,
  labels: 'screen.cyberPurchase.f',
  description: 'One PO: read it, acknowledge it (once), print it; the LOI it names is a click away.',
  key: ['poNo'],
  load: { operation: 'getSupplierPo', params: { path: { poNo: 'query.poNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    headerSection(T, [
      { field: 'poNo' },
      titleField,
      { field: 'status', label: f('poStatus'), widget: 'select', codeGroup: 'PO_STATUS', emptyOption: 'none' },
      { field: 'poType', widget: 'select', codeGroup: 'PO_TYPE', emptyOption: 'none' },
      { field: 'poDate', widget: 'date' },
      { field: 'totalAmount', label: f('poAmount'), widget: 'money' },
      currencyField,
      { field: 'dueDate', widget: 'date' },
      compNameField,
      { field: 'deptnm' },
      { field: 'quoteNo' },
      { field: 'forwardedAt', widget: 'datetime' },
      { field: 'acknowledgedAt', widget: 'datetime' },
      { field: 'loiNo' },
      { field: 'remark', label: f('poRemark'), widget: 'textarea', rows: 2, span: 3 },
      { field: 'cancelReason', widget: 'textarea', rows: 2, span: 3, visible: '!empty(form.cancelReason)' },
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
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemCode', width: 100 },
        { field: 'itemName', width: 200 },
        { field: 'spec', width: 150 },
        { field: 'unitCode', width: 60, align: 'center' },
        { field: 'quantity', type: 'number', width: 80 },
        { field: 'unitPrice', type: 'number', width: 110 },
        { field: 'amount', type: 'money', width: 130 },
        { field: 'deliveryDate', type: 'date', width: 100 },
        { field: 'deliveredQty', type: 'number', width: 80 },
        { field: 'receivedQty', type: 'number', width: 80 },
      ],
    },
    {
      id: 'revisions',
      title: `${T}.revisions`,
      rowKey: 'revision',
      canAdd: false,
      canDelete: false,
      visible: 'detail.revisions.count > 0',
      visibleRows: 4,
      columns: [
        { field: 'revision', label: 'screen.cyberPurchase.f.poRevision', type: 'number', width: 60 },
        { field: 'totalAmount', type: 'money', width: 120 },
        { field: 'reason', width: 220 },
        { field: 'changeSeq', type: 'number', width: 70 },
        { field: 'createdAt', type: 'datetime', width: 130 },
        { field: 'acknowledgedAt', type: 'datetime', width: 130 },
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
        { field: 'changeSeq', type: 'number', width: 70 },
        { field: 'fieldName', width: 110 },
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemName', width: 160 },
        { field: 'beforeText', width: 110 },
        { field: 'afterText', width: 110 },
        { field: 'reason', width: 200 },
        { field: 'changedByName', width: 90 },
        { field: 'changedAt', type: 'datetime', width: 130 },
      ],
    },
    // My 납품대금 조정협의 requests on this order, each opening my list of requests.
    coordinationsDetail('subcontracting.myCoordinationList'),
  ],
  actions: [
    { kind: 'back' },
    {
      kind: 'navigate',
      id: 'loi',
      portal: 'external',
      label: `${T}.loi`,
      screen: 'cyberPurchase.loiEdit',
      query: { loiNo: 'form.loiNo' },
      visible: '!empty(form.loiNo)',
    },
    {
      kind: 'open',
      id: 'print',
      label: `${T}.print`,
      screen: 'cyberPurchase.orderPrint',
      dialog: true,
      query: { poNo: 'form.poNo' },
    },
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
    // 납품대금 조정협의 on this order while it is 하도급 (its kind fixed when it was made) and running, and no request
    // of mine on it is still open (the server refuses a second one, naming the first); the new request then shows in
    // the requests' grid.
    orderCoordinationAction({
      poNo: 'poNo',
      visible:
        `!empty(form.subconKind) && form.status in ${RUNNING_ORDER_STATUSES}` +
        " && !some(detail.coordinations.rows, 'status', 'REQUESTED')" +
        " && !some(detail.coordinations.rows, 'status', 'TALKS_STARTED')",
      message: 'screen.subcon.p.requestPoMessage',
      then: ['reloadRecord'],
    }),
  ],
});

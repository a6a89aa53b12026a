import { defineListScreen } from '../../engine/define';
import { coordinationColumns } from './coordination';
import { COORDINATION_STATUS, COORDINATION_TARGET, s, sf } from './labels';

/**
 * /priceCoordinationList — the suppliers' 납품대금 조정협의 requests (상생협력법 §22의2, 하도급법 §16의2;
 * docs/subcontracting.md "납품대금 조정협의") on agreements and orders, newest first, each with its talks due date
 * (request + 10 days) and outcome due date (+ 30 days) and how late it is. The document's buyer or a purchasing
 * manager records 협의 개시, 합의 or 결렬; new prices are entered on the agreement's own screen or by the order's
 * change order, which the document's number opens.
 */
export default defineListScreen({
  id: 'subcontracting.coordinationList',
  route: '/priceCoordinationList',
  title: s('coordinationList.title'),
  labels: 'screen.subcon.f',
  description:
    'Suppliers’ price coordination requests with their 10- and 30-day clocks; start talks, record the outcome.',
  source: { operation: 'listPriceCoordinations', rowKey: 'coordinationNo' },
  filters: [
    { field: 'status', label: sf('coordinationStatus'), widget: 'select', options: COORDINATION_STATUS },
    { field: 'targetKind', label: sf('targetKind'), widget: 'select', options: COORDINATION_TARGET },
    { field: 'agreementNo', maxLength: 20 },
    { field: 'poNo', maxLength: 20 },
    { field: 'coordinationNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    ...coordinationColumns({
      agreement: 'purchaseOrder.agreementEdit',
      order: 'purchaseOrder.orderRequestEdit',
      contract: 'contract.contractDetail',
    }),
    { field: 'compNameKr', width: 160 },
    { field: 'buyerName', width: 90 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'startTalks',
      label: s('a.startTalks'),
      variant: 'primary',
      operation: 'startCoordinationTalks',
      selection: 'single',
      enabled: "row.status == 'REQUESTED'",
      prompt: {
        title: s('p.talksTitle'),
        message: s('p.talksMessage'),
        fields: [
          {
            field: 'talksStartedOn',
            label: sf('talksStartedOn'),
            widget: 'date',
            default: { today: 0 },
            help: s('h.talksStartedOn'),
          },
        ],
      },
      params: {
        path: { coordinationNo: 'row.coordinationNo' },
        body: { version: 'row.version', talksStartedOn: 'input.talksStartedOn' },
      },
      success: s('done.talks'),
      then: ['reload'],
    },
    {
      kind: 'call',
      id: 'agree',
      label: s('a.agreeCoordination'),
      operation: 'agreePriceCoordination',
      selection: 'single',
      enabled: "row.status == 'TALKS_STARTED'",
      prompt: {
        title: s('p.agreeTitle'),
        message: s('p.agreeMessage'),
        fields: [
          {
            field: 'outcome',
            label: sf('outcome'),
            widget: 'textarea',
            rows: 4,
            required: true,
            maxLength: 1000,
            help: s('h.coordinationOutcome'),
          },
        ],
      },
      params: {
        path: { coordinationNo: 'row.coordinationNo' },
        body: { version: 'row.version', outcome: 'input.outcome' },
      },
      success: s('done.agreed'),
      then: ['reload'],
    },
    {
      kind: 'call',
      id: 'fail',
      label: s('a.failCoordination'),
      variant: 'danger',
      operation: 'failPriceCoordination',
      selection: 'single',
      enabled: "row.status == 'REQUESTED' || row.status == 'TALKS_STARTED'",
      prompt: {
        title: s('p.failTitle'),
        message: s('p.failMessage'),
        fields: [
          { field: 'reason', label: sf('failReason'), widget: 'textarea', rows: 4, required: true, maxLength: 1000 },
        ],
      },
      params: {
        path: { coordinationNo: 'row.coordinationNo' },
        body: { version: 'row.version', reason: 'input.reason' },
      },
      success: s('done.failed'),
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: s('coordinationList.file') },
  ],
});

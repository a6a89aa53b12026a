import { defineListScreen } from '../../engine/define';
import { coordinationColumns, requestBody, requestFields, targetFields } from './coordination';
import { COORDINATION_STATUS, COORDINATION_TARGET, s, sf } from './labels';

/**
 * /myCoordinationList (external) — my company's 납품대금 조정협의 requests (상생협력법 §22의2, 하도급법 §16의2): what
 * was asked on which agreement or order (with the order's written contract), the day the buyer must start talks by
 * (request + 10 days) and reach an outcome by (+ 30 days), and what became of it. 조정협의 요청 asks on one of our
 * active agreements or running 하도급 orders; a request still open can be withdrawn.
 */
export default defineListScreen({
  id: 'subcontracting.myCoordinationList',
  route: '/myCoordinationList',
  portals: ['external'],
  title: s('myCoordinationList.title'),
  labels: 'screen.subcon.f',
  description: 'The supplier’s price coordination requests with their due dates; ask for one, withdraw an open one.',
  source: { operation: 'listMyPriceCoordinations', rowKey: 'coordinationNo' },
  filters: [
    { field: 'status', label: sf('coordinationStatus'), widget: 'select', options: COORDINATION_STATUS },
    { field: 'targetKind', label: sf('targetKind'), widget: 'select', options: COORDINATION_TARGET },
    { field: 'agreementNo', maxLength: 20 },
    { field: 'poNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    ...coordinationColumns({
      agreement: 'cyberPurchase.agreementEdit',
      order: 'cyberPurchase.orderEdit',
      contract: 'contract.contractSign',
    }),
    { field: 'buyerName', width: 90 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'request',
      label: s('a.requestCoordination'),
      variant: 'primary',
      operation: 'requestPriceCoordination',
      prompt: {
        title: s('p.requestTitle'),
        message: s('p.requestMessage'),
        columns: 2,
        fields: [...targetFields, ...requestFields],
      },
      params: {
        body: {
          targetKind: 'input.targetKind',
          agreementNo: 'input.agreementNo',
          poNo: 'input.poNo',
          ...requestBody,
        },
      },
      success: s('done.requested'),
      then: ['reload'],
    },
    {
      kind: 'call',
      id: 'withdraw',
      label: s('a.withdrawCoordination'),
      variant: 'danger',
      operation: 'withdrawPriceCoordination',
      selection: 'single',
      enabled: "row.status == 'REQUESTED' || row.status == 'TALKS_STARTED'",
      confirm: s('confirm.withdrawCoordination'),
      params: { path: { coordinationNo: 'row.coordinationNo' }, body: { version: 'row.version' } },
      success: s('done.withdrawn'),
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: s('myCoordinationList.file') },
  ],
});

import { defineEditScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/**
 * Change one of my proposals while it waits for review (supplier portal; a dialog of
 * /itemManagement/upItemDetail, 제안 수정): price, currency, validity date, reason and attachments,
 * and for a new item its name, specification, category, unit and maker. The kind and the item stay
 * as proposed; a stale version is refused (409) and the server checks the company's ownership.
 */
const NEW_ONLY = "form.kind == 'NEW'";
export default defineEditScreen({
  id: 'items.supplierUpItemEdit',
  portals: ['external'],
  title: T('supplierUpItemEdit'),
  labels: 'screen.items.field',
  key: ['proposalNo'],
  load: { operation: 'getItemProposal', params: { path: { proposalNo: 'query.proposalNo' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'proposalNo', readOnly: 'true' },
        {
          field: 'kind',
          widget: 'select',
          readOnly: 'true',
          options: [
            { value: 'PRICE', text: 'option.itemProposalKind.PRICE' },
            { value: 'NEW', text: 'option.itemProposalKind.NEW' },
          ],
        },
        { field: 'itemCode', readOnly: 'true', visible: "form.kind == 'PRICE'" },
        { field: 'itemName', maxLength: 200, readOnly: "form.kind == 'PRICE'" },
        { field: 'spec', maxLength: 300, visible: NEW_ONLY },
        { field: 'catCode', maxLength: 20, visible: NEW_ONLY, help: T('catCodeHelp') },
        { field: 'unitCode', maxLength: 10, visible: NEW_ONLY },
        { field: 'maker', maxLength: 100, visible: NEW_ONLY },
        { field: 'currentPrice', widget: 'money', readOnly: 'true', visible: "form.kind == 'PRICE'" },
        { field: 'proposedPrice', required: true, mask: 'numComma', maxLength: 22 },
        {
          field: 'currency',
          widget: 'select',
          emptyOption: 'none',
          options: [
            { value: 'KRW', text: 'KRW' },
            { value: 'JPY', text: 'JPY' },
          ],
        },
        { field: 'validFrom', widget: 'date', required: true },
        { field: 'reason', widget: 'textarea', rows: 3, required: true, maxLength: 1000, span: 2 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('attachments') },
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      id: 'saveProposal',
      operation: 'updateItemProposal',
      // Changes a proposal made on the item page, never makes one: shown while updating alone.
      visible: "mode == 'update'",
      variant: 'primary',
      confirm: T('confirmUpdateProposal'),
      params: {
        path: { proposalNo: 'form.proposalNo' },
        body: {
          kind: 'form.kind',
          itemCode: 'form.itemCode',
          itemName: 'form.itemName',
          spec: 'form.spec',
          catCode: 'form.catCode',
          unitCode: 'form.unitCode',
          maker: 'form.maker',
          proposedPrice: 'form.proposedPrice',
          currency: 'form.currency',
          validFrom: 'form.validFrom',
          reason: 'form.reason',
          fileId: 'form.fileId',
          version: 'form.version',
        },
      },
    },
  ],
});

import { defineEditScreen } from '../../engine/define';
import { DOC_KIND, s, SUPPLIER_TAX_TYPE } from './tax-settings-parts';

/** One supplier's default tax type (a dialog of /supplierTaxType); 영세율 asks for its evidence. */
export default defineEditScreen({
  id: 'taxInvoice.supplierTaxTypeEdit',
  route: '/supplierTaxTypeEdit',
  title: s('supplierEditTitle'),
  labels: 'screen.taxInvoice.field',
  menu: '/supplierTaxType',
  key: ['compNo'],
  load: { operation: 'getSupplierTaxType', params: { path: { compNo: 'query.compNo' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'compNo', readOnly: 'true' },
        { field: 'compNameKr', readOnly: 'true' },
        { field: 'taxNo', readOnly: 'true' },
        { field: 'taxType', widget: 'select', options: SUPPLIER_TAX_TYPE, emptyOption: 'none', required: true },
        {
          field: 'zeroRatedDocKind',
          widget: 'select',
          options: DOC_KIND,
          emptyOption: 'choose',
          visible: "form.taxType == 'ZERO_RATED'",
        },
        {
          field: 'zeroRatedDocNo',
          maxLength: 35,
          pattern: '^[A-Za-z0-9-]*$',
          visible: "form.taxType == 'ZERO_RATED'",
        },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      operation: 'setSupplierTaxType',
      // Only a row opened from the list is saved: the tax type is set on an existing row, at the version read.
      visible: "mode == 'update'",
      variant: 'primary',
      then: ['close'],
    },
  ],
});

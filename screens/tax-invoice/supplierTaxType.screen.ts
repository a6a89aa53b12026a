import { defineListScreen } from '../../engine/define';
import { DOC_KIND, s, SUPPLIER_TAX_TYPE } from './tax-settings-parts';

/**
 * /supplierTaxType — each supplier's default tax type, taken by a settlement line whose item has none;
 * 영세율 with the 내국신용장 or 구매확인서 it is zero-rated under (부가가치세법 시행령 §31②). A double-click
 * changes one.
 */
export default defineListScreen({
  id: 'taxInvoice.supplierTaxType',
  route: '/supplierTaxType',
  title: s('supplierTitle'),
  labels: 'screen.taxInvoice.field',
  description: 'Suppliers with their default tax type and 영세율 evidence.',
  source: { operation: 'listSupplierTaxTypes', rowKey: 'compNo' },
  filters: [
    { field: 'company', label: s('company') },
    { field: 'taxType', widget: 'select', options: SUPPLIER_TAX_TYPE, emptyOption: 'all' },
  ],
  columns: [
    { field: 'compNo', width: 100 },
    { field: 'compNameKr', width: 200 },
    { field: 'taxNo', width: 120 },
    { field: 'taxType', type: 'code', options: SUPPLIER_TAX_TYPE, width: 100 },
    { field: 'zeroRatedDocKind', type: 'code', options: DOC_KIND, width: 110 },
    { field: 'zeroRatedDocNo', width: 180 },
  ],
  rowOpen: { screen: 'taxInvoice.supplierTaxTypeEdit', query: { compNo: 'row.compNo' }, dialog: true },
  actions: ['exportExcel'],
});

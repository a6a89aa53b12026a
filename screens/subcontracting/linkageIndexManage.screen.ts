import { defineListScreen } from '../../engine/define';
import { s, sf } from './labels';

const INDEXES = { operation: 'listLinkageIndexes' as const, value: 'indexCode', text: 'indexName' };

/**
 * /linkageIndexManage — the 기준 지표 of 납품대금 연동 clauses (상생협력법 §21; docs/subcontracting.md "납품대금
 * 연동") and their values, newest first per index. 지표 추가 adds an index; 지표값 입력 enters a day's value (a day
 * entered again is replaced); 파일로 입력 enters many from an .xlsx or .csv (linkageIndexImport). The clauses that
 * name an index read its values from here.
 */
export default defineListScreen({
  id: 'subcontracting.linkageIndexManage',
  route: '/linkageIndexManage',
  title: s('linkageIndexManage.title'),
  labels: 'screen.subcon.f',
  source: { operation: 'listLinkageIndexValues', rowKey: 'valueKey' },
  filters: [{ field: 'indexCode', widget: 'select', optionsFrom: INDEXES }],
  columns: [
    { field: 'indexCode', width: 120 },
    { field: 'indexName', width: 220 },
    { field: 'valueDate', type: 'date', width: 110 },
    { field: 'value', type: 'number', width: 120 },
    { field: 'unit', width: 90 },
    { field: 'updatedByName', width: 100 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'addIndex',
      label: s('a.addIndex'),
      operation: 'createLinkageIndex',
      prompt: {
        title: s('p.indexTitle'),
        columns: 2,
        fields: [
          { field: 'indexCode', label: sf('indexCode'), required: true, maxLength: 20, help: s('h.indexCode') },
          { field: 'indexName', label: sf('indexName'), required: true, maxLength: 200 },
          { field: 'unit', label: sf('unit'), required: true, maxLength: 30 },
          { field: 'source', label: sf('indexSource'), required: true, maxLength: 300 },
        ],
      },
      params: {
        body: {
          indexCode: 'input.indexCode',
          indexName: 'input.indexName',
          unit: 'input.unit',
          source: 'input.source',
        },
      },
      success: s('done.index'),
      then: ['reload'],
    },
    {
      kind: 'call',
      id: 'enterValue',
      label: s('a.enterValue'),
      variant: 'primary',
      operation: 'setLinkageIndexValue',
      prompt: {
        title: s('p.valueTitle'),
        message: s('p.valueMessage'),
        fields: [
          { field: 'indexCode', label: sf('indexName'), widget: 'select', required: true, optionsFrom: INDEXES },
          { field: 'valueDate', label: sf('valueDate'), widget: 'date', required: true, default: { today: 0 } },
          { field: 'value', label: sf('value'), required: true, maxLength: 30 },
        ],
      },
      params: { body: { indexCode: 'input.indexCode', valueDate: 'input.valueDate', value: 'input.value' } },
      success: s('done.indexValue'),
      then: ['reload'],
    },
    {
      kind: 'open',
      id: 'importValues',
      label: s('a.importFile'),
      screen: 'subcontracting.linkageIndexImport',
      dialog: true,
      requires: 'write',
    },
    { kind: 'exportExcel', fileName: s('linkageIndexManage.file') },
  ],
});

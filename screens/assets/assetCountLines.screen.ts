import { defineListScreen } from '../../engine/define';
import { COUNT_RESULT, f, t } from './labels';

/**
 * assets.assetCountLines — one count's assets (opened in a dialog from /assetInventoryList): the
 * assets in use at its location and those recorded in it, with their result. Select assets and
 * record them found, missing or moved (the found location asked); an asset is recorded once per
 * count (the server refuses a second with 409).
 */
const record = (id: 'found' | 'missing' | 'moved', result: 'FOUND' | 'MISSING' | 'MOVED') => ({
  kind: 'call' as const,
  id,
  label: t(`a.${id}`),
  operation: 'recordAssetCount',
  selection: 'multi' as const,
  variant: id === 'found' ? ('primary' as const) : ('secondary' as const),
  enabled: "selection > 0 && all(rows, 'result', null)",
  ...(id === 'moved' ? { prompt: { fields: [{ field: 'foundLocation', required: true, maxLength: 100 }] } } : {}),
  params: {
    path: { countNo: 'row.countNo' },
    body: {
      assetNo: 'row.assetNo',
      result: `'${result}'`,
      ...(id === 'moved' ? { foundLocation: 'input.foundLocation' } : {}),
    },
  },
  then: ['clearSelection' as const, 'reload' as const],
});

export default defineListScreen({
  id: 'assets.assetCountLines',
  menu: '/assetInventoryList',
  title: t('assetCountLines.title'),
  labels: 'screen.assets.f',
  source: {
    operation: 'listAssetCountLines',
    rowKey: 'assetNo',
    defaultSort: 'assetNo:asc',
    params: { path: { countNo: 'query.countNo' } },
  },
  selection: 'multi',
  columns: [
    { field: 'assetNo', width: 130 },
    { field: 'assetName', width: 200 },
    { field: 'location', width: 150 },
    { field: 'deptnm', label: f('dept'), width: 120 },
    { field: 'custodianName', label: f('custodian'), width: 90 },
    { field: 'result', type: 'code', options: COUNT_RESULT, width: 80 },
    { field: 'foundLocation', width: 150 },
    { field: 'difference', type: 'code', codeGroup: 'YN', width: 70 },
  ],
  actions: [
    record('found', 'FOUND'),
    record('missing', 'MISSING'),
    record('moved', 'MOVED'),
    { kind: 'exportExcel', fileName: t('assetCountLines.title') },
  ],
});

import { defineCustomScreen } from '../../engine/define';

/**
 * /dataDownload — bulk Excel extracts (자료 다운로드) of receipt lines and settlements, written by
 * the server as a streamed workbook of up to 100,000 rows. A custom component
 * (app/custom-screens/settlement/settlementDataDownload.custom.tsx) — see its comment for why a
 * definition cannot say it.
 */
export default defineCustomScreen({
  id: 'settlement.dataDownload',
  route: '/dataDownload',
  title: 'screen.settlement.dataDownload.title',
  description: 'Bulk Excel extracts of receipts and settlements, built by the server.',
  component: 'settlementDataDownload',
});

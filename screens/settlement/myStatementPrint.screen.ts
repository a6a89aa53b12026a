import { defineCustomScreen } from '../../engine/define';

/**
 * The supplier's printable transaction statement (거래명세서) of one of its settlements, opened in
 * a dialog from /monthlyCalculate and /monthlyCalcDetail. The same component as staff use, on the
 * supplier's own operation (another company's statement answers 404).
 */
export default defineCustomScreen({
  id: 'settlement.myStatementPrint',
  title: 'screen.settlement.statementPrint.title',
  menu: '/monthlyCalculate',
  portals: ['external'],
  description: 'The supplier’s printable transaction statement: print, PDF.',
  component: 'settlementStatement',
  props: { portal: 'external' },
});

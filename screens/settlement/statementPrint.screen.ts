import { defineCustomScreen } from '../../engine/define';

/**
 * The printable transaction statement (거래명세서) of one settlement, opened in a dialog from
 * /statement, /monthlyCalcAdmin and /monthlyCalcADetail (`?settleNo=`). A custom component
 * (app/custom-screens/settlement/settlementStatement.custom.tsx): the server writes the statement
 * as a print page and as a PDF, which the screen fetches with the user's token and shows for
 * printing or saving — see the component's comment.
 */
export default defineCustomScreen({
  id: 'settlement.statementPrint',
  title: 'screen.settlement.statementPrint.title',
  menu: '/statement',
  description: 'The printable transaction statement of one settlement: print, PDF.',
  component: 'settlementStatement',
  props: { portal: 'internal' },
});

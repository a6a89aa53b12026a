import { defineTreeScreen } from '../../engine/define';
import { HOLIDAY_KIND, s } from './tax-settings-parts';

/**
 * /publicHoliday — the public-holiday calendar the invoice deadlines are counted by (국세기본법 §5①), a year
 * at a time: a year's days are edited and saved whole, checked by the server (real dates of the year,
 * each once, 1/1 and 12/25 present). A year not entered is refused by the deadline view, not guessed;
 * enter each year when the government announces it (docs/tax-invoices.md "Deadlines").
 */
export default defineTreeScreen({
  id: 'taxInvoice.publicHoliday',
  route: '/publicHoliday',
  title: s('holidayTitle'),
  labels: 'screen.taxInvoice.field',
  tree: {
    operation: 'listPublicHolidayYears',
    idField: 'year',
    labelField: 'year',
    detailField: 'dayCount',
    rootLabel: s('years'),
  },
  actions: [{ kind: 'new', label: s('newYear') }],
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'year', type: 'integer', required: true, createOnly: true, minimum: 2000, maximum: 2100 },
          { field: 'updatedBy', readOnly: 'true' },
        ],
      },
    ],
    details: [
      {
        id: 'days',
        title: s('days'),
        rowKey: 'date',
        visibleRows: 12,
        send: ['date', 'name', 'kind'],
        columns: [
          { field: 'date', width: 120, editable: true, required: true, maxLength: 10 },
          { field: 'name', width: 220, editable: true, required: true, maxLength: 100 },
          { field: 'kind', width: 120, editable: true, required: true, type: 'code', options: HOLIDAY_KIND },
        ],
      },
    ],
    actions: [
      {
        kind: 'save',
        operation: 'putPublicHolidayYear',
        updateOperation: 'putPublicHolidayYear',
        variant: 'primary',
      },
    ],
  },
});

/**
 * What the two 납품대금 조정협의 lists share (docs/subcontracting.md "납품대금 조정협의"): the request's columns with
 * its two clocks — staff's /priceCoordinationList and the supplier's /myCoordinationList differ in where the
 * agreement number leads and in their actions — and the fields the supplier's request asks for.
 */
import type { TypedColumn } from '../../engine/define';
import type { FieldDef } from '../../engine/definition/types';
import { COORDINATION_STATUS, ORDER_KIND, s, sf } from './labels';

/** Both lists answer the same row (PriceCoordinationRow). */
type Column = TypedColumn<'listPriceCoordinations'>;

/** The columns of a request, the agreement number opening `agreementScreen` (staff's or the supplier's). */
export function coordinationColumns(agreementScreen: string): Column[] {
  return [
    { field: 'coordinationNo', width: 130 },
    { field: 'status', label: sf('coordinationStatus'), type: 'code', options: COORDINATION_STATUS, width: 90 },
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: agreementScreen, query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'agreementTitle', width: 180 },
    { field: 'requestedOn', type: 'date', width: 100 },
    { field: 'talksDue', type: 'date', width: 110 },
    { field: 'talksLateDays', type: 'number', width: 90 },
    { field: 'talksStartedOn', type: 'date', width: 110 },
    { field: 'agreementDue', type: 'date', width: 100 },
    { field: 'agreementLateDays', type: 'number', width: 90 },
    { field: 'subconKind', type: 'code', options: ORDER_KIND, width: 90 },
    { field: 'reason', label: sf('coordinationReason'), width: 240 },
    { field: 'requestedChange', width: 200 },
    { field: 'requestedPct', type: 'number', width: 100 },
    { field: 'requestedAmount', type: 'money', width: 120 },
    { field: 'costBasis', width: 240 },
    { field: 'outcome', width: 200 },
    { field: 'agreedOn', type: 'date', width: 100 },
    { field: 'failReason', width: 200 },
    { field: 'failedOn', type: 'date', width: 100 },
    { field: 'withdrawnOn', type: 'date', width: 100 },
  ];
}

/** The supplier's request: why, what it asks (in words, and a % or an amount if it likes) and the cost basis. */
export const requestFields: FieldDef[] = [
  {
    field: 'reason',
    label: sf('coordinationReason'),
    widget: 'textarea',
    rows: 3,
    required: true,
    maxLength: 1000,
    span: 2,
  },
  { field: 'requestedChange', label: sf('requestedChange'), required: true, maxLength: 1000, span: 2 },
  { field: 'requestedPct', label: sf('requestedPct'), widget: 'number', help: s('h.requestedPct') },
  { field: 'requestedAmount', label: sf('requestedAmount'), widget: 'number', help: s('h.requestedAmount') },
  {
    field: 'costBasis',
    label: sf('costBasis'),
    widget: 'textarea',
    rows: 4,
    required: true,
    maxLength: 2000,
    help: s('h.costBasis'),
    span: 2,
  },
];

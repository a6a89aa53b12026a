/**
 * What the supplier's read-only document screens share (the LOI /CyberLoiEdit, the order
 * /CyberOrderRequestEdit, the quotation request /prCheckEdit): the header section's shape and
 * its common fields, the buyer's contact and the attachments. Each screen keeps its own
 * document fields and its own title keys (`${T}.header`, `${T}.buyer`, `${T}.files`).
 */
import type { FieldDef, SectionDef } from '../../engine/definition/types';

export const f = (name: string) => `screen.cyberPurchase.f.${name}`;

/** The document's title beside its number, its currency and the supplier it went to. */
export const titleField: FieldDef = { field: 'title', label: f('title'), span: 2 };
export const currencyField: FieldDef = {
  field: 'currency',
  label: f('currency'),
  widget: 'select',
  codeGroup: 'CURRENCY',
  emptyOption: 'none',
};
export const compNameField: FieldDef = { field: 'compNameKr', label: f('compNameKr') };

/** The header: three columns of the document's own fields. */
export function headerSection(T: string, fields: FieldDef[]): SectionDef {
  return { title: `${T}.header`, columns: 3, fields };
}

/** Who to ask at the buying company. */
export function buyerSection(T: string): SectionDef {
  return {
    title: `${T}.buyer`,
    columns: 3,
    fields: [
      { field: 'buyerName', label: f('buyerName') },
      { field: 'buyerEmail', label: f('buyerEmail') },
      { field: 'buyerTelNo', label: f('buyerTelNo'), mask: 'phone' },
    ],
  };
}

/** The document's attachments. */
export function filesSection(T: string): SectionDef {
  return {
    title: `${T}.files`,
    columns: 1,
    fields: [{ field: 'attachments', label: f('attachments'), widget: 'files' }],
  };
}

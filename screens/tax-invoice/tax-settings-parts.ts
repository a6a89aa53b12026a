/** What the tax-settings screens share: the option lists of tax types, 영세율 evidence and holiday kinds. */
const options = (group: string, values: readonly string[]) =>
  values.map((value) => ({ value, text: `screen.taxInvoice.option.${group}.${value}` }));

export const s = (name: string) => `screen.taxInvoice.settings.${name}`;
/** An item's own type, or DEFAULT: the supplier's default applies. */
export const ITEM_TAX_TYPE = options('taxType', ['DEFAULT', 'TAXABLE', 'ZERO_RATED', 'EXEMPT']);
export const SUPPLIER_TAX_TYPE = options('taxType', ['TAXABLE', 'ZERO_RATED', 'EXEMPT']);
export const DOC_KIND = options('zeroRatedDoc', ['LOCAL_LC', 'PURCHASE_CONFIRMATION']);
export const HOLIDAY_KIND = options('holidayKind', ['HOLIDAY', 'SUBSTITUTE', 'TEMPORARY', 'ELECTION']);

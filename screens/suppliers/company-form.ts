/**
 * What the two company forms share — staff's /CompManageEdit (the supplier master) and the
 * supplier's own /compManage/CyberCompManageEdit: the company's fields, the bank section, the
 * contacts grid and the change-request code lists. Each form lays the fields out itself (staff
 * keep the address with the contact data, the supplier with its registration, which needs a
 * change request) and adds what only it has.
 */
import type { DetailDef, FieldDef, SectionDef } from '../../engine/definition/types';

export const F = (name: string) => `screen.suppliers.field.${name}`;
export const T = (name: string) => `screen.suppliers.${name}`;
/** An action the server offers on the loaded record (`actions`). */
export const may = (action: string) => `contains(form.actions, '${action}')`;

export const REQUEST_STATUS = ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'].map((value) => ({
  value,
  text: `option.suppliers.requestStatus.${value}`,
}));
export const CHANGE_KINDS = ['BANK', 'REGISTRATION', 'BANK,REGISTRATION'].map((value) => ({
  value,
  text: `option.suppliers.changeKind.${value}`,
}));

/** The company's own fields, by name, as both forms edit them. */
export const companyField = {
  corpNo: { field: 'corpNo', label: F('corpNo'), maxLength: 14, placeholder: '110111-1234567' },
  compNameKr: { field: 'compNameKr', label: F('compNameKr'), required: true, maxBytes: 100 },
  compNameEn: { field: 'compNameEn', label: F('compNameEn'), maxLength: 100 },
  ceoName: { field: 'ceoName', label: F('ceoName'), required: true, maxBytes: 50 },
  bizType: { field: 'bizType', label: F('bizType'), maxLength: 50 },
  bizItem: { field: 'bizItem', label: F('bizItem'), maxLength: 100 },
  zipCode: { field: 'zipCode', label: F('zipCode'), maxLength: 10 },
  address: { field: 'address', label: F('address'), maxLength: 200, span: 2 },
} satisfies Record<string, FieldDef>;

/** Phones, e-mail and homepage: a supplier changes these itself, at once. */
export const directFields: FieldDef[] = [
  { field: 'phoneNo', label: F('phoneNo'), mask: 'phone', maxLength: 20 },
  { field: 'faxNo', label: F('faxNo'), mask: 'phone', maxLength: 20 },
  { field: 'email', label: F('email'), maxLength: 100 },
  { field: 'homepage', label: F('homepage'), maxLength: 100, span: 3 },
];

/** The bank account (masked by the server for anyone who does not keep the master); `help` says why. */
export function bankSection(help: string): SectionDef {
  return {
    title: T('bank'),
    columns: 3,
    fields: [
      { field: 'bankCode', label: F('bankCode'), widget: 'select', codeGroup: 'BANK' },
      { field: 'bankAccount', label: F('bankAccount'), maxLength: 40, help },
      { field: 'bankHolder', label: F('bankHolder'), maxLength: 50 },
    ],
  };
}

/** The company's contacts, up to twenty; `extra` adds what one form needs (who may add or delete). */
export function contactsGrid(extra: Partial<DetailDef> = {}): DetailDef {
  return {
    id: 'contacts',
    title: T('contacts'),
    rowKey: 'seq',
    maxRows: 20,
    visibleRows: 4,
    newRow: { mainYn: 'N' },
    ...extra,
    send: ['name', 'deptName', 'positionNm', 'phoneNo', 'cellPhoneNo', 'email', 'mainYn'],
    columns: [
      { field: 'name', label: F('contactName'), width: 100, editable: true, required: true, maxLength: 50 },
      { field: 'deptName', label: F('deptName'), width: 110, editable: true, maxLength: 50 },
      { field: 'positionNm', label: F('positionNm'), width: 80, editable: true, maxLength: 50 },
      { field: 'phoneNo', label: F('phoneNo'), width: 120, editable: true, maxLength: 20, mask: 'phone' },
      { field: 'cellPhoneNo', label: F('cellPhoneNo'), width: 120, editable: true, maxLength: 20, mask: 'phone' },
      { field: 'email', label: F('email'), width: 180, editable: true, maxLength: 100 },
      {
        field: 'mainYn',
        label: F('mainYn'),
        type: 'code',
        codeGroup: 'YN',
        width: 90,
        editable: true,
        align: 'center',
      },
    ],
  };
}

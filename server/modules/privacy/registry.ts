import type { PersonalFieldKind } from '../../../lib/personal-data.js';

/**
 * The operations that answer personal data (names with phones, e-mail addresses), by operationId:
 * what the data is, where it sits in the answer, and who may read a list of it unmasked.
 *
 * - `list`: the values are masked (lib/personal-data.ts) unless the caller's group holds write on one
 *   of `fullFor` (the screens whose duty needs them); an unmasked list is a logged view of its rows.
 * - `detail`: the values are shown whole, and the view is logged with the subject and the fields.
 *
 * Company-level numbers (a supplier's switchboard and general e-mail in `listSuppliers`) are a
 * company's, not a person's, and are not listed. `tests/api/privacy` checks every entry against the
 * OpenAPI document, so a renamed field or operation fails there.
 */
type SubjectKind =
  'EMPLOYEE' | 'SUPPLIER_USER' | 'SUPPLIER_CONTACT' | 'DELIVERER' | 'PROSPECT_CONTACT' | 'SUPPLIER_APPLICANT';

export interface PersonalOperation {
  kind: 'list' | 'detail';
  subjectKind: SubjectKind;
  /** Where the personal rows are: a property of the answer holding an array, '.' for an array answer, 'self' for the answer itself. */
  at: string;
  /** The subject's key in a row (`compNo:seq` style keys are built from `keyPrefix` of the answer). */
  key: string;
  keyPrefix?: string;
  fields: Record<string, PersonalFieldKind>;
  /**
   * Fields that, beside the contact fields, identify the person (a driver's name, a vehicle number): not
   * masked in lists (the receiving dock needs them), but named in a download's access record when the file
   * holds them (lib/personal-download.ts).
   */
  identifying?: readonly string[];
  fullFor: readonly string[];
}

/** Every field a download's record may name: the contact fields and the identifying ones. */
export function loggedFields(op: PersonalOperation): string[] {
  return [...Object.keys(op.fields), ...(op.identifying ?? [])];
}

const SUPPLIER_USER_FIELDS = { email: 'email', cellPhoneNo: 'phone', phoneNo: 'phone' } as const;
const CONTACT_FIELDS = { phoneNo: 'phone', cellPhoneNo: 'phone', email: 'email' } as const;
const DELIVERER = {
  kind: 'list',
  subjectKind: 'DELIVERER',
  at: 'rows',
  key: 'deliveryNo',
  fields: { delivererPhone: 'phone' },
  identifying: ['delivererName', 'vehicleNo'],
  fullFor: [],
} as const;
const SUPPLIER_USER_SCREENS = ['/portal/ogpmsManage/compUserManage', '/compUserManageList'];

export const PERSONAL_OPERATIONS: Readonly<Record<string, PersonalOperation>> = {
  listPeople: {
    kind: 'list',
    subjectKind: 'EMPLOYEE',
    at: '.',
    key: 'singleid',
    fields: { email: 'email', telNo: 'phone' },
    fullFor: ['/portal/author/authUserManage'],
  },
  getCyberUserList: {
    kind: 'list',
    subjectKind: 'SUPPLIER_USER',
    at: 'userInfo',
    key: 'userId',
    fields: SUPPLIER_USER_FIELDS,
    fullFor: SUPPLIER_USER_SCREENS,
  },
  listSupplierUsers: {
    kind: 'list',
    subjectKind: 'SUPPLIER_USER',
    at: 'rows',
    key: 'userId',
    fields: { email: 'email', cellPhoneNo: 'phone' },
    fullFor: SUPPLIER_USER_SCREENS,
  },
  listSupplierUsersOf: {
    kind: 'list',
    subjectKind: 'SUPPLIER_USER',
    at: 'rows',
    key: 'userId',
    fields: { email: 'email', cellPhoneNo: 'phone' },
    fullFor: ['/CompManageEdit'],
  },
  listDeliveries: DELIVERER,
  listNoneOrderDeliveries: DELIVERER,
  listMyDeliveries: DELIVERER,
  listMyNoneOrderDeliveries: DELIVERER,
  listSupplierProspects: {
    kind: 'list',
    subjectKind: 'PROSPECT_CONTACT',
    at: 'rows',
    key: 'prospectNo',
    fields: { email: 'email', phoneNo: 'phone' },
    fullFor: ['/compExcavationList'],
  },
  listSupplierApplications: {
    kind: 'list',
    subjectKind: 'SUPPLIER_APPLICANT',
    at: 'rows',
    key: 'receiptNo',
    fields: { email: 'email', cellPhoneNo: 'phone' },
    fullFor: ['/portal/ogpmsManage/RegisterUser'],
  },
  getSupplier: {
    kind: 'detail',
    subjectKind: 'SUPPLIER_CONTACT',
    at: 'contacts',
    key: 'seq',
    keyPrefix: 'compNo',
    fields: CONTACT_FIELDS,
    fullFor: [],
  },
  getMyCompany: {
    kind: 'detail',
    subjectKind: 'SUPPLIER_CONTACT',
    at: 'contacts',
    key: 'seq',
    keyPrefix: 'compNo',
    fields: CONTACT_FIELDS,
    fullFor: [],
  },
  getDelivery: { ...DELIVERER, kind: 'detail', at: 'self' },
  getMyDelivery: { ...DELIVERER, kind: 'detail', at: 'self' },
  getSupplierApplication: {
    kind: 'detail',
    subjectKind: 'SUPPLIER_APPLICANT',
    at: 'self',
    key: 'receiptNo',
    fields: { email: 'email', cellPhoneNo: 'phone' },
    fullFor: [],
  },
};

export function personalOperation(operationId: string | undefined): PersonalOperation | null {
  return operationId && Object.hasOwn(PERSONAL_OPERATIONS, operationId) ? PERSONAL_OPERATIONS[operationId] : null;
}

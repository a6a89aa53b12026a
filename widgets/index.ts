/**
 * The widgets' public entry (DESIGN.md §3: modules talk through their public entry). The engine
 * and the app import from here; test and story helpers are in widgets/testing/.
 *
 * Set-up: wrap the app (or a story, a test) in
 *   <WidgetServicesProvider services={…}><ModalProvider>…</ModalProvider></WidgetServicesProvider>
 * inside react-i18next's I18nextProvider; add `{ widgets: WIDGET_TEXTS_EN }` to the English resources.
 */
export * from './services';
export { WIDGET_TEXTS_KO, WIDGET_TEXTS_EN, useWidgetText, type WidgetTextKey } from './i18n';
export { serviceErrorMessage } from './common/errors';
export type { CommonFieldProps } from './common/field';

export { DataGrid, ensureGridPortal, type DataGridProps, type DataGridHandle } from './data-grid/data-grid';
export {
  cellText,
  gridHeight,
  nextSort,
  toGridCell,
  toGlideColumns,
  parseCellEdit,
  GRID_DEFAULTS,
  type GridColumn,
  type GridColumnType,
  type GridSort,
  type GridRow,
} from './data-grid/grid-model';

export { TextInput, type TextInputProps } from './text-input/text-input';
export { MaskedInput, type MaskedInputProps, type MaskName } from './masked-input/masked-input';
export { CompanyNumberInput, COMPANY_LOOKUP_DEBOUNCE_MS } from './masked-input/company-number-input';
export { DateInput, commitDateText, type DateInputProps } from './date-input/date-input';
export { MonthPicker, monthDisplay, type MonthPickerProps } from './month-picker/month-picker';
export {
  DateRange,
  presetRange,
  orderRange,
  DATE_RANGE_PRESETS,
  type DateRangeProps,
  type DateRangeValue,
  type DateRangePreset,
} from './date-range/date-range';
export { MonthRange, orderMonthRange, type MonthRangeProps, type MonthRangeValue } from './month-range/month-range';
export { Select, type SelectProps, type SelectEmptyEntry } from './select/select';
export { MultiSelect, type MultiSelectProps } from './multi-select/multi-select';

export { TreeView, type TreeViewNode, type TreeViewProps } from './tree/tree-view';

export { Modal, type ModalProps } from './modal/modal';
export { ModalProvider } from './modal/modal-provider';
export { useDialogs, modalZIndex, MODAL_Z_INDEX_STEP, type Dialogs, type DialogOptions } from './modal/modal-context';

export { BusinessPopup, useBusinessPopup, type BusinessPopupProps } from './business-popup/business-popup';
export { BusinessSectionField, type BusinessSectionFieldProps } from './business-popup/business-section-field';
export {
  DepartmentPopup,
  departmentQuery,
  type DepartmentPopupProps,
  type SectionFilter,
} from './department-popup/department-popup';
export { DepartmentField, type DepartmentFieldProps, type DepartmentValue } from './department-popup/department-field';
export { PersonPopup, personQuery, type PersonPopupProps } from './person-popup/person-popup';
export { PersonField, type PersonFieldProps, type PersonValue } from './person-popup/person-field';
export { CompanyPopup, type CompanyPopupProps, type CompanyRow } from './company-popup/company-popup';
export {
  AgreementLinePopup,
  type AgreementLineFilters,
  type AgreementLinePopupProps,
  type AgreementLineRow,
} from './agreement-line-popup/agreement-line-popup';

export {
  SourcingGroupSelect,
  changeSourcingLevel,
  EMPTY_SOURCING_GROUP,
  type SourcingGroupSelectProps,
  type SourcingGroupValue,
} from './sourcing-group-select/sourcing-group-select';
export {
  EmployeeSearch,
  applyEmployeeSearch,
  employeeSearchStart,
  EMPTY_EMPLOYEE_SEARCH_VALUE,
  type EmployeeSearchProps,
  type EmployeeSearchValue,
} from './employee-search/employee-search';
export { FileUpload, refuseFiles, type FileUploadProps, type UploadKind } from './file-upload/file-upload';
export {
  DateText,
  Money,
  KrwFromJpy,
  toDate,
  type DateTextProps,
  type MoneyProps,
  type KrwFromJpyProps,
} from './format/format';

export { PivotTable, type PivotTableProps, type PivotTarget } from './pivot-table/pivot-table';
export { PivotChart, type PivotChartProps } from './pivot-table/pivot-chart';
export { buildPivot, type PivotModel, type PivotFields } from '../lib/pivot-model';

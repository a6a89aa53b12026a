import { PopupField } from '../common/popup-field';
import type { CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import type { BusinessSection } from '../services';
import { BusinessPopup } from './business-popup';

export interface BusinessSectionFieldProps extends CommonFieldProps {
  /** The chosen section, or null. */
  value: BusinessSection | null;
  onChange: (section: BusinessSection | null) => void;
  placeholder?: string;
  width?: number | string;
}

/**
 * A business-section field: type part of a name and press Enter (or 🔍) to open the business
 * popup with it — a single match is chosen at once. Typing over a chosen section, or ×, clears it.
 */
export function BusinessSectionField({ value, onChange, ...field }: BusinessSectionFieldProps) {
  const t = useWidgetText();
  return (
    <PopupField<BusinessSection, BusinessSection>
      {...field}
      value={value}
      onChange={onChange}
      keyOf={(v) => v.topDept}
      textOf={(v) => v.sectionName}
      defaultLabel={t('businessSection')}
      searchLabel={t('businessSearch')}
      popup={(slot) => (
        <BusinessPopup open={slot.open} selectOption={slot.text} onChoose={slot.onChoose} onClose={slot.onClose} />
      )}
    />
  );
}

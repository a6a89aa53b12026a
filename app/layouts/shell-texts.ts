import { textBundle } from '../i18n/text-bundle';
import en from './i18n/en.json';
import ko from './i18n/ko.json';

/**
 * The signed-in shell's texts: the menu, the breadcrumb, the header, the home page's cards and the
 * session-expiry warning. None of them is shown before a login, so they come with the shell's chunks.
 */
export const shellTexts = textBundle({ ko, en });

export const useShellText = shellTexts.useText;

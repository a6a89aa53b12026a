import { textBundle } from '../../i18n/text-bundle';
import en from './i18n/en.json';
import ko from './i18n/ko.json';

/** The development pages' texts (/cyberDevLogin, /conv): a production build has no such pages. */
const devTexts = textBundle({ ko, en });

export const useDevText = devTexts.useText;

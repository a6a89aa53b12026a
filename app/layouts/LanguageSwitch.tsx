import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, normaliseLanguage } from '../i18n/language';
import styles from './LanguageSwitch.module.css';

export interface LanguageSwitchProps {
  /** 'dark' sits on the coloured header, 'light' on white pages. */
  tone?: 'dark' | 'light';
}

/** 한국어 / English. The i18n instance persists the choice (localStorage key `language`). */
export function LanguageSwitch({ tone = 'dark' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div
      className={[styles.switch, tone === 'light' ? styles.light : ''].join(' ')}
      role="group"
      aria-label={t('language.label')}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={styles.option}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}

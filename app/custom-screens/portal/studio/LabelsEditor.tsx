import { useTranslation } from 'react-i18next';
import { useEngineText } from '../../../../engine/text';
import type { Labels } from './studio-types';
import styles from './studio.module.css';

const T = 'screen.screenStudio';

/** The fields a definition labels (columns, filters, form fields, chart series), in order, once each. */
export function labelledFields(definition: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, inList: boolean) => {
    if (Array.isArray(node)) node.forEach((v) => walk(v, inList));
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (inList && typeof o.field === 'string' && !out.includes(o.field)) out.push(o.field);
      for (const [k, v] of Object.entries(o)) if (k !== 'params' && k !== 'query') walk(v, ['columns', 'filters', 'fields', 'series'].includes(k));
    }
  };
  walk(definition, false);
  return out;
}

/** Korean and English label per field; an empty one falls back to the shared field dictionary. */
export function LabelsEditor({ fields, labels, onChange, readOnly }: { fields: string[]; labels: Labels; onChange(labels: Labels): void; readOnly: boolean }) {
  const t = useEngineText();
  const { i18n } = useTranslation();
  const english = typeof i18n?.language === 'string' && i18n.language.startsWith('en');
  const set = (field: string, lang: 'ko' | 'en', text: string) => {
    const current = labels[field] ?? { ko: '', en: '' };
    onChange({ ...labels, [field]: { ...current, [lang]: text } });
  };
  return (
    <section className={styles.panel} aria-labelledby="studio-labels-title">
      <h3 id="studio-labels-title" className={styles.h3}>
        {t(`${T}.labelsTitle`)}
      </h3>
      <p className={styles.help}>{t(`${T}.labelsHelp`)}</p>
      {fields.length === 0 ? (
        <p className={styles.muted}>{t(`${T}.labelsEmpty`)}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t(`${T}.labelField`)}</th>
              <th scope="col">{t(`${T}.labelKo`)}</th>
              <th scope="col">{t(`${T}.labelEn`)}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f}>
                <th scope="row">
                  <code>{f}</code>
                </th>
                {(['ko', 'en'] as const).map((lang) => (
                  <td key={lang}>
                    <input
                      className={styles.input}
                      aria-label={`${f} ${t(`${T}.${lang === 'ko' ? 'labelKo' : 'labelEn'}`)}`}
                      value={labels[f]?.[lang] ?? ''}
                      // What names the field when left empty: the shared dictionary's text (this language's).
                      placeholder={lang === (english ? 'en' : 'ko') && t(`field.${f}`) !== `field.${f}` ? t(`field.${f}`) : undefined}
                      maxLength={200}
                      readOnly={readOnly}
                      onChange={(e) => set(f, lang, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

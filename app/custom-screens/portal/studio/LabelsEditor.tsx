import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineText } from '../../../../engine/text';
import type { LabelSource, LabelText } from '../../../../lib/screen-check/label-choice';
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
      for (const [k, v] of Object.entries(o))
        if (k !== 'params' && k !== 'query') walk(v, ['columns', 'filters', 'fields', 'series'].includes(k));
    }
  };
  walk(definition, false);
  return out;
}

export type LabelContextMap = Record<string, { source: LabelSource; label: LabelText | null }>;

/**
 * Korean and English label per field, and which words the screen will show for each (the analyst's
 * own, the operation's, its built-in screen's or the shared dictionary's): an empty one shows the
 * words its context gives, as the placeholder. Drawn again only when its own inputs change: the
 * studio re-renders at every keystroke in the JSON editor or the designer, and a 60-field form's
 * rows here were most of a keystroke's time.
 */
export const LabelsEditor = memo(function LabelsEditor({
  fields,
  labels,
  context,
  onChange,
  readOnly,
}: {
  fields: string[];
  labels: Labels;
  context: LabelContextMap;
  onChange(labels: Labels): void;
  readOnly: boolean;
}) {
  const t = useEngineText();
  const { i18n } = useTranslation();
  const shown = typeof i18n?.language === 'string' && i18n.language.startsWith('en') ? 'en' : 'ko';
  // The dictionary's words are known in the interface's language only; the operation's and the screen's in both.
  const placeholder = (field: string, lang: 'ko' | 'en') => {
    const c = context[field];
    if (!c || c.source === 'own' || !c.label) return undefined;
    if (c.source === 'dictionary' && lang !== shown) return undefined;
    return c.label[lang] || undefined;
  };
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
              <th scope="col">{t(`${T}.labelSourceTitle`)}</th>
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
                      // What names the field when left empty: the words its context gives, in this language.
                      placeholder={placeholder(f, lang)}
                      maxLength={200}
                      readOnly={readOnly}
                      onChange={(e) => set(f, lang, e.target.value)}
                    />
                  </td>
                ))}
                <td className={styles.labelSource} data-testid={`label-source-${f}`}>
                  {t(`${T}.labelSource.${context[f]?.source ?? 'none'}`)}
                  {context[f]?.label && context[f]!.source !== 'own'
                    ? `: ${context[f]!.label![shown] || context[f]!.label!.ko}`
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
});

import { useId, useRef } from 'react';
import { TextInput } from '../text-input/text-input';
import { useWidgetText } from '../i18n';
import styles from './template-text.module.css';

interface TemplateVariable {
  /** The variable's name: the text inserted is {{name}}. */
  value: string;
  /** What it means, in the interface language. */
  text: string;
}

export interface TemplateTextProps {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The variables a template may name; null while they load. */
  variables: TemplateVariable[] | null;
  rows?: number;
  maxRealLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  invalid?: string | null;
}

const placeholder = (name: string) => `{{${name}}}`;

/**
 * A template's text with the list of the variables it may name: each with its placeholder and its
 * meaning; pressing one puts its placeholder where the cursor is (replacing a selection) and leaves
 * the cursor after it, so a variable is never mistyped.
 */
export function TemplateText(p: TemplateTextProps) {
  const t = useWidgetText();
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const editable = !p.disabled && !p.readOnly;

  const insert = (name: string) => {
    const area = box.current?.querySelector('textarea');
    const token = placeholder(name);
    const start = area?.selectionStart ?? p.value.length;
    const end = area?.selectionEnd ?? start;
    p.onChange(p.value.slice(0, start) + token + p.value.slice(end));
    // After the new text is rendered: the cursor just after what was inserted.
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div ref={box} className={styles.box}>
      <TextInput
        id={p.id}
        label={p.label}
        value={p.value}
        onChange={p.onChange}
        multiline
        rows={p.rows}
        maxRealLength={p.maxRealLength}
        disabled={p.disabled}
        readOnly={p.readOnly}
        required={p.required}
        invalid={p.invalid}
        block
      />
      <section className={styles.variables} aria-label={t('templateVariables')}>
        <p id={hintId} className={styles.hint}>
          {t(editable ? 'templateVariablesInsert' : 'templateVariables')}
        </p>
        {p.variables === null ? (
          <p className={styles.hint}>{t('loading')}</p>
        ) : (
          <ul className={styles.list}>
            {p.variables.map((v) => (
              <li key={v.value}>
                <button
                  type="button"
                  className={styles.variable}
                  disabled={!editable}
                  onClick={() => insert(v.value)}
                  // Named by what it shows (WCAG 2.5.3, label in name); the hint above says what a press does.
                  aria-describedby={hintId}
                >
                  <code>{placeholder(v.value)}</code> <span>{v.text}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

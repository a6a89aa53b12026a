/**
 * The selected element's properties as form controls generated from the screen language's schema
 * (controls.ts): each change writes that one property into the text as a patch, typing into one
 * property being one step of the history. A list or object value is edited in JSON (a button
 * takes the JSON editor to it).
 *
 * Written by hand rather than with rjsf: rjsf's Form owns one formData object and answers every
 * change with the whole object, while the designer must write only the key that changed, as a patch
 * of the text, and show the text's value again after an undo; the schema also picks a kind's
 * properties with if/then on `kind`, which completion.ts already resolves for us.
 *
 * The words — a property's name, its description, an enum value's label — are the studio's texts
 * (`designer.prop`, `designer.propHelp`, `designer.enumValue`) in the interface's language, the
 * schema's own English where a new property has none yet (panel-texts.test.ts names it).
 */
import { useId } from 'react';
import { useDesignerText } from './designer-text';
import { WidgetButton } from '../../../../../widgets/common/button';
import { propertySchemas, type StudioOperation } from '../completion';
import { choicesFor } from './choices';
import { controlOf, fits, stringValue, type Control } from './controls';
import type { DesignElement } from './model';
import styles from './designer.module.css';

const D = 'screen.screenStudio.designer';
type Json = Record<string, unknown>;

interface PropertyPanelProps {
  element: DesignElement;
  itemName: string;
  def: Json;
  text: string;
  schema: Json;
  operations: readonly StudioOperation[];
  readOnly: boolean;
  /** Properties not shown (the screen's lists, drawn by the outline). */
  hidden?: readonly string[];
  onSet(name: string, value: unknown): void;
  onReveal(pointer: string): void;
}

export function PropertyPanel({
  element,
  itemName,
  def,
  text,
  schema,
  operations,
  readOnly,
  hidden = [],
  onSet,
  onReveal,
}: PropertyPanelProps) {
  const t = useDesignerText();
  const id = useId();
  /** The studio's words for a key, else what the schema says (a property or value not worded yet). */
  const worded = (key: string, otherwise: string) => {
    const words = t(key);
    return words === key ? otherwise : words;
  };
  const label = (name: string) => worded(`${D}.prop.${name}`, name);
  const rows = element.shorthand
    ? []
    : propertySchemas(schema, def, element.path).filter((r) => !hidden.includes(r.name));
  return (
    <section className={styles.props} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className={styles.h4}>
        {t(`${D}.props.title`, { item: itemName })}
      </h4>
      {readOnly && <p className={styles.muted}>{t(`${D}.props.readOnly`)}</p>}
      {element.shorthand && (
        <p className={styles.muted}>
          {t(`${D}.props.shorthand`, { kind: String(element.value.kind) })}{' '}
          <WidgetButton size="small" onClick={() => onReveal(element.pointer)}>
            {t(`${D}.props.inJson`)}
          </WidgetButton>
        </p>
      )}
      <div className={styles.propGrid} hidden={element.shorthand}>
        {rows.map(({ name, schema: s }) => {
          const control = controlOf(schema, s);
          const value = element.value[name];
          const inputId = `${id}-${name}`;
          const descId = typeof s.description === 'string' ? `${inputId}-desc` : undefined;
          const description = descId ? worded(`${D}.propHelp.${name}`, String(s.description)) : '';
          const caption = (
            <label htmlFor={inputId} className={styles.propLabel}>
              {label(name)} <code className={styles.propName}>{name}</code>
            </label>
          );
          if (control.type === 'complex' || !fits(control, value))
            return (
              <div key={name} className={styles.propRow}>
                <span className={styles.propLabel}>
                  {label(name)} <code className={styles.propName}>{name}</code>
                </span>
                <span className={styles.propComplex}>
                  <WidgetButton
                    size="small"
                    onClick={() => onReveal(value === undefined ? element.pointer : `${element.pointer}/${name}`)}
                    aria-label={`${label(name)}: ${t(`${D}.props.inJson`)}`}
                  >
                    {t(`${D}.props.inJson`)}
                  </WidgetButton>
                  {value !== undefined && (
                    <code className={styles.propValue}>{JSON.stringify(value).slice(0, 60)}</code>
                  )}
                </span>
              </div>
            );
          return (
            <div key={name} className={styles.propRow}>
              {caption}
              <Field
                id={inputId}
                describedBy={descId}
                control={control}
                value={value}
                disabled={readOnly}
                choices={control.type === 'string' ? choicesFor(def, text, [...element.path, name], operations) : []}
                yes={t(`${D}.props.yes`)}
                no={t(`${D}.props.no`)}
                unset={t(`${D}.props.unset`)}
                valueLabel={(v) => worded(`${D}.enumValue.${name}.${v}`, v)}
                onSet={(v) => onSet(name, v)}
              />
              {descId && (
                <span id={descId} className={styles.propHelp}>
                  {description}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

interface FieldProps {
  id: string;
  describedBy?: string;
  control: Exclude<Control, { type: 'complex' }>;
  value: unknown;
  disabled: boolean;
  choices: Array<{ value: string; label?: string }>;
  yes: string;
  no: string;
  unset: string;
  /** An enum value in words ("왼쪽" for left). */
  valueLabel(value: string): string;
  onSet(value: unknown): void;
}

function Field({ id, describedBy, control, value, disabled, choices, yes, no, unset, valueLabel, onSet }: FieldProps) {
  const common = { id, 'aria-describedby': describedBy, disabled, className: styles.input };
  switch (control.type) {
    case 'const':
      return <input {...common} value={JSON.stringify(control.value)} readOnly />;
    case 'enum':
      return (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onSet(e.target.value || undefined)}
        >
          <option value="">{unset}</option>
          {control.values.map((v) => {
            const words = valueLabel(v);
            return (
              <option key={v} value={v}>
                {words === v ? v : `${words} (${v})`}
              </option>
            );
          })}
        </select>
      );
    case 'boolean':
      return (
        <select
          {...common}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onSet(e.target.value === '' ? undefined : e.target.value === 'true')}
        >
          <option value="">{unset}</option>
          <option value="true">{yes}</option>
          <option value="false">{no}</option>
        </select>
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          step={control.integer ? 1 : 'any'}
          min={control.minimum}
          max={control.maximum}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => {
            if (e.target.value === '') return onSet(undefined);
            const n = Number(e.target.value);
            if (Number.isFinite(n)) onSet(n);
          }}
        />
      );
    case 'string':
      return (
        <>
          <input
            {...common}
            type="text"
            list={choices.length ? `${id}-choices` : undefined}
            value={value === undefined ? '' : String(value)}
            onChange={(e) => onSet(stringValue(control, e.target.value))}
          />
          {choices.length > 0 && (
            <datalist id={`${id}-choices`}>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label ?? c.value}
                </option>
              ))}
            </datalist>
          )}
        </>
      );
  }
}

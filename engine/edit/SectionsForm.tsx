/**
 * The form sections of an edit screen through @rjsf/core: the definition's fields become a JSON
 * Schema (titles, lengths, patterns) with a uiSchema that renders every field through the
 * engine's widget registry, laid out in the definition's sections. Client rules run as rjsf
 * validation; the server's field errors come back at their fields.
 */
import Form from '@rjsf/core';
import type { FieldProps, FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { formValidator as validator } from './form-validator';
import { forwardRef, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { FieldDef, SectionDef } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { widgetSpec } from '../registry/widgets';
import { EngineInput } from '../runtime/inputs';
import { fieldLabel, type Translate } from '../text';
import styles from '../ui/engine.module.css';

type Values = Record<string, unknown>;

interface FormContext {
  sections: Array<{ title?: string; columns: number; fields: FieldDef[] }>;
  scope: ExprScope;
  readOnly: (f: FieldDef) => boolean;
  file: string;
  fieldIndex: Map<string, string>;
  /** Client and server messages by field (server first). */
  errors: Record<string, string>;
  t: Translate;
}

export interface SectionsFormHandle {
  /** Runs the client rules; true when the form may be sent. */
  validate(): boolean;
  /** Moves the focus to the first field showing an error (KWCAG 7.3.1); false when none does. */
  focusFirstError(): boolean;
}

export interface SectionsFormProps {
  sections: SectionDef[];
  values: Values;
  onChange: (values: Values) => void;
  scope: ExprScope;
  mode: 'create' | 'update';
  readOnly: boolean;
  /** Server errors by field. */
  fieldErrors: Record<string, string>;
  t: Translate;
  file: string;
  /** JSON pointer of the body holding the sections ('' or '/detail'). */
  at: string;
}

const isFilledFor = (f: FieldDef, v: unknown) => widgetSpec(f.widget, f.field).filled(v);

/** One property of the generated schema: only rules that hold whatever the value's type. */
function propertySchema(f: FieldDef, t: Translate): RJSFSchema {
  const s: RJSFSchema = { title: fieldLabel(t, f) };
  if (f.maxLength) s.maxLength = f.maxLength;
  if (f.pattern) s.pattern = f.pattern;
  if (typeof f.minimum === 'number') s.minimum = f.minimum;
  if (typeof f.maximum === 'number') s.maximum = f.maximum;
  return s;
}

function EngineField(props: FieldProps) {
  const ctx = props.registry.formContext as FormContext;
  const def = (props.uiSchema?.['ui:options'] as { def: FieldDef } | undefined)?.def;
  if (!def) return null;
  const message = ctx.errors[def.field] ?? props.errorSchema?.__errors?.[0] ?? null;
  return (
    <EngineInput
      id={props.fieldPathId.$id}
      def={def}
      value={props.formData ?? ''}
      onChange={(v) => props.onChange(v, props.fieldPathId.path)}
      scope={ctx.scope}
      context="form"
      readOnly={ctx.readOnly(def)}
      invalid={message}
      where={ctx.fieldIndex.get(def.field) ?? ctx.file}
    />
  );
}

/** Our widgets draw their own label and message: the template adds nothing around them. */
function BareFieldTemplate({ children }: FieldTemplateProps) {
  return <>{children}</>;
}

function SectionsTemplate({ properties, registry }: ObjectFieldTemplateProps) {
  const ctx = registry.formContext as FormContext;
  const byName = new Map(properties.map((p) => [p.name, p.content]));
  return (
    <>
      {ctx.sections.map((s, i) => (
        <section key={i} className={`${styles.panel} ${styles.section}`}>
          {s.title && <h2 className={styles.sectionTitle}>{s.title}</h2>}
          <div className={styles.formGrid} style={{ gridTemplateColumns: `repeat(${s.columns}, minmax(0, 1fr))` }}>
            {s.fields.map((f) => (
              <div
                key={f.field}
                data-field={f.field}
                style={f.span ? { gridColumn: `span ${Math.min(f.span, s.columns)}` } : undefined}
              >
                {byName.get(f.field)}
                {f.help && <p className={styles.help}>{ctx.t(f.help)}</p>}
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

const FIELDS = { engineField: EngineField };
const TEMPLATES = { FieldTemplate: BareFieldTemplate, ObjectFieldTemplate: SectionsTemplate };

export const SectionsForm = forwardRef<SectionsFormHandle, SectionsFormProps>(function SectionsForm(
  { sections, values, onChange, scope, mode, readOnly, fieldErrors, t, file, at },
  ref,
) {
  const visible = useMemo(
    () =>
      sections
        .map((s, si) => ({ s, si }))
        .filter(({ s }) => evalRule(s.visible, scope, true))
        .map(({ s, si }) => ({
          title: s.title ? t(s.title) : undefined,
          columns: s.columns ?? 2,
          si,
          fields: s.fields.filter((f) => evalRule(f.visible, scope, true)),
        })),
    [sections, scope, t],
  );
  const fields = useMemo(() => visible.flatMap((s) => s.fields), [visible]);
  const fieldIndex = useMemo(() => {
    const m = new Map<string, string>();
    sections.forEach((s, si) =>
      s.fields.forEach((f, fi) => m.set(f.field, `${file}#${at}/sections/${si}/fields/${fi}`)),
    );
    return m;
  }, [sections, file, at]);
  const { schema, uiSchema } = useMemo(() => {
    const properties: Record<string, RJSFSchema> = {};
    const ui: UiSchema = { 'ui:order': [...fields.map((f) => f.field), '*'] };
    for (const f of fields) {
      properties[f.field] = propertySchema(f, t);
      ui[f.field] = { 'ui:field': 'engineField', 'ui:options': { def: f } };
    }
    return { schema: { type: 'object', properties } as RJSFSchema, uiSchema: ui };
  }, [fields, t]);

  const fieldReadOnly = useMemo(
    () => (f: FieldDef) =>
      readOnly ||
      (f.createOnly === true && mode === 'update') ||
      evalRule(f.readOnly as string | boolean | undefined, scope, false),
    [readOnly, mode, scope],
  );
  // Client rules run through the form's rjsf validator on demand; their messages and the server's are
  // shown the same way and stay until the field changes.
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const customValidate = useMemo(
    () => (data: unknown, errors: Record<string, { addError(m: string): void }>) => {
      const d = (data ?? {}) as Values;
      for (const f of fields) {
        if (!f.required || fieldReadOnly(f)) continue;
        if (!isFilledFor(f, d[f.field])) errors[f.field]?.addError(t('engine.required'));
      }
      return errors;
    },
    [fields, fieldReadOnly, t],
  );
  // Messages travel in the form context: rjsf keeps its own error state, which a controlled form resets.
  const errors = useMemo(() => ({ ...clientErrors, ...fieldErrors }), [fieldErrors, clientErrors]);
  const formContext = useMemo<FormContext>(
    () => ({ sections: visible, scope, readOnly: fieldReadOnly, file, fieldIndex, errors, t }),
    [visible, scope, fieldReadOnly, file, fieldIndex, errors, t],
  );

  // rjsf names every field `root_<field>` by default: a dialog's form over a page's form would repeat the
  // page's ids, and a label's `for` would name the other form's field. Each form gets its own prefix,
  // stable across renders; React's id is reduced to characters a CSS selector takes unescaped.
  const idPrefix = `form${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const wrapper = useRef<HTMLDivElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focusFirstError: () => {
        // Widgets mark their control aria-invalid while it shows a message (widgets/common/field.tsx);
        // the first in page order is the first in error.
        const first = wrapper.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
        first?.focus();
        return !!first;
      },
      validate: () => {
        const result = validator.validateFormData(values, schema, customValidate as never, (errors) =>
          errors.map((e) => {
            const p = e.params as { limit?: number };
            if (e.name === 'maxLength') return { ...e, message: t('validation.maxChars', { max: p.limit }) };
            if (e.name === 'pattern') return { ...e, message: t('engine.pattern') };
            if (e.name === 'minimum' || e.name === 'maximum')
              return {
                ...e,
                message: t(e.name === 'minimum' ? 'engine.minimum' : 'engine.maximum', { limit: p.limit }),
              };
            return e;
          }),
        );
        const found: Record<string, string> = {};
        const required = t('engine.required');
        for (const [field, node] of Object.entries(result.errorSchema as Record<string, { __errors?: string[] }>)) {
          const def = fields.find((f) => f.field === field);
          if (field === '__errors' || !def || !node?.__errors?.length || fieldReadOnly(def)) continue;
          // An empty required field says so, rather than that '' misses the pattern.
          found[field] = node.__errors.includes(required) ? required : node.__errors[0];
        }
        setClientErrors(found);
        return Object.keys(found).length === 0;
      },
    }),
    [values, schema, customValidate, t, fieldReadOnly, fields],
  );

  const hasRequired = fields.some((f) => f.required);
  return (
    <div ref={wrapper} className={styles.sectionsForm}>
      {/* What the * means (KWCAG 5.3.3), once per form. Hidden from screen readers like the * itself:
          they already hear "required" from each control's aria-required. */}
      {hasRequired && (
        <p className={styles.requiredLegend} aria-hidden="true">
          {t('engine.requiredLegend')}
        </p>
      )}
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        formContext={formContext}
        idPrefix={idPrefix}
        validator={validator}
        fields={FIELDS}
        templates={TEMPLATES}
        showErrorList={false}
        noHtml5Validate
        readonly={readOnly}
        onChange={(e) => {
          const next = (e.formData ?? {}) as Values;
          const changed = Object.keys(clientErrors).filter((k) => next[k] !== values[k]);
          if (changed.length)
            setClientErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !changed.includes(k))));
          onChange(next);
        }}
        onSubmit={() => undefined}
      >
        <></>
      </Form>
    </div>
  );
});

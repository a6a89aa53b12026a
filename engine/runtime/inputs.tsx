import { useEffect, useMemo, useState } from 'react';
import type { CodeOption, FieldDef, FilterDef, OptionsFrom } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { widgetSpec } from '../registry/widgets';
import { useCodesRevision, useEngineServices, type EngineServices } from '../services';
import { fieldLabel, useEngineText } from '../text';
import { buildInputs } from './actions';

const optionCache = new WeakMap<EngineServices, Map<string, Promise<CodeOption[]>>>();

function loadOptions(services: EngineServices, from: OptionsFrom, scope: ExprScope): Promise<CodeOption[]> {
  const input = buildInputs(from.params, scope);
  const key = JSON.stringify([from.operation, input, from.value, from.text]);
  let cache = optionCache.get(services);
  if (!cache) optionCache.set(services, (cache = new Map()));
  let p = cache.get(key);
  if (!p) {
    p = services.call(from.operation, input).then((answer) => {
      const rows = Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? []);
      return rows.map((r) => {
        const row = r as Record<string, unknown>;
        return { value: String(row[from.value] ?? ''), text: String(row[from.text] ?? row[from.value] ?? '') };
      });
    });
    // A failed lookup is tried again next time rather than cached.
    p.catch(() => cache!.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** The choices of a select: a code group, inline options, or an operation's answer. */
function useOptions(
  def: Pick<FilterDef, 'codeGroup' | 'options' | 'optionsFrom'>,
  scope: ExprScope,
): CodeOption[] | null {
  const services = useEngineServices();
  const [loaded, setLoaded] = useState<CodeOption[] | null>(null);
  const from = def.optionsFrom;
  const fromKey = from ? JSON.stringify(from) : null;
  useEffect(() => {
    if (!from) return;
    let live = true;
    loadOptions(services, from, scope).then(
      (opts) => live && setLoaded(opts),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
    // The scope is read once per options definition; options do not follow form edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services, fromKey]);
  const t = useEngineText();
  const codesRevision = useCodesRevision(services);
  return useMemo(() => {
    // Inline option texts may be i18n keys (option.portal.I) or the text itself.
    if (def.options) return def.options.map((o) => ({ value: o.value, text: t(o.text) }));
    if (def.codeGroup) return services.codes(def.codeGroup);
    return from ? loaded : null;
    // codesRevision: the code texts came again (another language, or edited codes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def.options, def.codeGroup, services, from, loaded, t, codesRevision]);
}

export interface InputProps {
  def: FilterDef | FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  scope: ExprScope;
  context: 'filter' | 'form';
  readOnly?: boolean;
  invalid?: string | null;
  onEnter?: () => void;
  where: string;
  id?: string;
  /** The value of the input this one dependsOn. */
  related?: unknown;
}

/** One filter or form field: its widget from the registry, its label translated, its rules applied. */
export function EngineInput({
  def,
  value,
  onChange,
  scope,
  context,
  readOnly = false,
  invalid = null,
  onEnter,
  where,
  id,
  related,
}: InputProps) {
  const t = useEngineText();
  const spec = widgetSpec(def.widget, where);
  const options = useOptions(def, scope);
  const enabled = evalRule(def.enabled, scope, true);
  const Widget = spec.component;
  return (
    <Widget
      id={id}
      label={fieldLabel(t, def)}
      value={value}
      onChange={onChange}
      disabled={!enabled}
      readOnly={readOnly}
      required={!!def.required}
      invalid={invalid}
      options={options}
      emptyOption={def.emptyOption ?? (context === 'filter' ? 'all' : 'choose')}
      mask={def.mask}
      maxLength={def.maxLength}
      maxBytes={def.maxBytes}
      placeholder={def.placeholder ? t(def.placeholder) : undefined}
      rows={'rows' in def ? def.rows : undefined}
      onEnter={onEnter}
      context={context}
      related={related}
    />
  );
}

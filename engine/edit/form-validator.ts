/**
 * The rjsf validator of the engine's forms, without code generation: the portals' Content
 * Security Policy (`script-src 'self'`) forbids the `new Function` ajv compiles with, and the
 * form schemas the engine builds use only a few rules — maxLength, pattern, minimum, maximum —
 * which are checked here directly. customValidate and transformErrors work as with any validator.
 */
import {
  createErrorHandler,
  toErrorList,
  toErrorSchema,
  unwrapErrorHandler,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

type Values = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === '';
const toNumber = (v: unknown) => (typeof v === 'number' ? v : Number(String(v).replace(/,/g, '')));

function rawErrors(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
  const out: RJSFValidationError[] = [];
  const data = (formData ?? {}) as Values;
  for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, RJSFSchema>)) {
    const v = data[name];
    if (blank(v)) continue;
    const at = (rule: string, params: Record<string, unknown>, message: string) =>
      out.push({
        name: rule,
        property: `.${name}`,
        params,
        message,
        stack: `.${name} ${message}`,
        schemaPath: `#/properties/${name}/${rule}`,
      });
    const text = String(v);
    if (typeof prop.maxLength === 'number' && [...text].length > prop.maxLength)
      at('maxLength', { limit: prop.maxLength }, `must NOT have more than ${prop.maxLength} characters`);
    if (typeof prop.pattern === 'string' && !new RegExp(prop.pattern, 'u').test(text))
      at('pattern', { pattern: prop.pattern }, `must match pattern "${prop.pattern}"`);
    const n = toNumber(v);
    if (typeof prop.minimum === 'number' && Number.isFinite(n) && n < prop.minimum)
      at('minimum', { limit: prop.minimum }, `must be >= ${prop.minimum}`);
    if (typeof prop.maximum === 'number' && Number.isFinite(n) && n > prop.maximum)
      at('maximum', { limit: prop.maximum }, `must be <= ${prop.maximum}`);
  }
  return out;
}

export const formValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
  ): ValidationData<unknown> {
    let errors = rawErrors(schema, formData);
    if (transformErrors) errors = transformErrors(errors);
    let errorSchema = toErrorSchema(errors);
    if (customValidate) {
      const handler = customValidate(formData, createErrorHandler(formData ?? {}));
      const custom = unwrapErrorHandler(handler);
      errorSchema = mergeErrorSchemas(errorSchema as Values, custom as Values) as typeof errorSchema;
      errors = toErrorList(errorSchema);
    }
    return { errors, errorSchema };
  },
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return rawErrors(schema, formData).length === 0;
  },
  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
    return { errors: rawErrors(schema, formData) as Result[] };
  },
};

function mergeErrorSchemas(a: Values, b: Values): Values {
  const out: Values = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (k === '__errors') out.__errors = [...((a.__errors as string[]) ?? []), ...((v as string[]) ?? [])];
    else out[k] = out[k] && typeof out[k] === 'object' ? mergeErrorSchemas(out[k] as Values, v as Values) : v;
  }
  return out;
}

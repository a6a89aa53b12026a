import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/** When the app compiles its routes' schemas (fastify's default: every one as its route is added). */
export type SchemaCompile = 'at-start' | 'on-first-use';

type ValidatorFactory = ReturnType<typeof ValidatorSelector>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validate = ReturnType<ReturnType<ValidatorFactory>>;

/**
 * fastify's own compilers (ajv for requests, fast-json-stringify for responses), each route's
 * validator or serializer compiled the first time it is used instead of when the route is added.
 *
 * Why: compiling the schemas of ≈ 450 operations is most of an app's start — 3.5 s of CPU, of which
 * fast-json-stringify ≈ 2.5 s and ajv ≈ 0.6 s (docs/testing.md) — and the API tests build an app per
 * file, twice for each of ≈ 120 files, while a file calls a handful of operations. A server keeps
 * `at-start`, so that a schema a compiler refuses stops it at start, not at its first request; the
 * start-up tests, the authorization matrix's app and the browser tests' server run that way, so every
 * schema is still compiled in every test run.
 *
 * fastify treats a validator factory given in its options as "custom" and then leaves a `headers`
 * schema's property names as written instead of lower-casing them: ours are written in lower case
 * (`x-apply-secret`), so the two validate the same.
 */
export function onFirstUseCompilers(): { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } {
  const validators = ValidatorSelector();
  const serializers = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = validators(externalSchemas, options);
      return (route) => {
        let validate: Validate | undefined;
        // fastify reads a failed validation's `errors` from the function it was given.
        const first = ((...args: Parameters<Validate>) => {
          validate ??= compile(route);
          const valid = validate(...args);
          first.errors = validate.errors;
          return valid;
        }) as Validate;
        return first;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        let serialize: ((doc: unknown) => string) | undefined;
        return (doc: unknown) => (serialize ??= compile(route))(doc);
      };
    },
  };
}

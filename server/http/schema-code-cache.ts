import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The server's compiled validators and serializers kept on disk between starts, as code: a restart loads
 * the functions instead of compiling ≈ 900 distinct schemas again (most of its time to /readyz,
 * bench/results/log.md "A restart's first page and /readyz"). What the compilers' standalone modes write
 * (ajv's `standaloneCode`, fast-json-stringify's `mode: 'standalone'`), kept in one CommonJS module per
 * version of the code generators: `.cache/schemas/<versions>.cjs`, an object of factories by key.
 *
 * Keyed by content: a factory's key is a hash of what it was compiled from (the schema, the route's part,
 * the shared schemas and the compiler's options), so a changed schema finds no factory and is compiled
 * as before, and a new version of ajv or fast-json-stringify reads another file. The file is written again
 * (beside, then renamed into place) after a warm-up that compiled anything or left a factory unused, with
 * the factories this start used: it holds the current schemas only. A file that does not load (cut short)
 * is as none. It is code the server runs, like dist-server/ beside it: both are the checkout's.
 */
export class SchemaCodeCache {
  readonly #file: string;
  #factories: Record<string, Factory> = {};
  /** The source text of each factory this process used or made, by key: what save() writes. */
  readonly #used = new Map<string, () => string>();
  #restored = 0;
  #compiled = 0;

  constructor(readonly dir: string) {
    this.#file = path.join(dir, `${generatorsKey()}.cjs`);
    try {
      const loaded = require(this.#file) as unknown;
      if (typeof loaded === 'object' && loaded !== null) this.#factories = loaded as Record<string, Factory>;
    } catch {
      // none yet, or not whole: every schema is compiled and the file written again
    } finally {
      // Read afresh by the next cache of this process (tests), never from require's own cache.
      delete require.cache[this.#file];
    }
  }

  /** Functions loaded from the file, and compiled because the file had none for them. */
  get counts(): { restored: number; compiled: number } {
    return { restored: this.#restored, compiled: this.#compiled };
  }

  /** A short name for a set of shared schemas and compiler options, by their content. */
  bucket(externalSchemas: unknown, options: unknown): string {
    return createHash('sha256')
      .update(JSON.stringify(options) ?? '')
      .update('\0')
      .update(JSON.stringify(externalSchemas ?? {}) ?? '')
      .digest('hex')
      .slice(0, 32);
  }

  /** The key of a route part's compile in a bucket. */
  key(what: 'validator' | 'serializer', bucket: string, route: RoutePart): string {
    return createHash('sha256')
      .update(
        [
          what,
          bucket,
          route.httpPart ?? '',
          route.httpStatus ?? '',
          route.contentType ?? '',
          JSON.stringify(route.schema),
        ].join('\0'),
      )
      .digest('hex')
      .slice(0, 40);
  }

  /** The function kept for `key`, or undefined: none, or its factory fails. */
  restore(key: string): unknown {
    const factory = this.#factories[key];
    if (typeof factory !== 'function') return undefined;
    let made: unknown;
    try {
      made = run(factory);
    } catch {
      return undefined;
    }
    if (typeof made !== 'function') return undefined;
    this.#restored++;
    this.#used.set(key, () => factory.toString());
    return made;
  }

  /** A function just compiled, kept under `key` by the module code `code()` gives (asked for when saving). */
  store(key: string, code: () => string): void {
    this.#compiled++;
    this.#used.set(key, () => `function (require, module, exports) {\n${code()}\n}`);
  }

  /** Module code (a standalone serializer's) evaluated to its export. */
  static evaluate(code: string): unknown {
    return run(new Function('require', 'module', 'exports', code) as Factory);
  }

  /**
   * Writes the file again when this start compiled anything or left a factory unused; else leaves it.
   * Answers whether it wrote. A cache that cannot be written throws: the caller logs it, the server runs on.
   */
  save(): boolean {
    const unused = Object.keys(this.#factories).some((key) => !this.#used.has(key));
    if (this.#compiled === 0 && !unused) return false;
    const body = [...this.#used].map(([key, source]) => `${JSON.stringify(key)}: ${source()},`).join('\n');
    const text = `'use strict';\n// Written by the GPMS server (server/http/schema-code-cache.ts); remove it to compile every schema again.\nmodule.exports = {\n${body}\n};\n`;
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.#file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, text, { mode: 0o600 });
    fs.renameSync(tmp, this.#file);
    // Another version of the generators' file is of no further use.
    for (const name of fs.readdirSync(this.dir))
      if (name.endsWith('.cjs') && path.join(this.dir, name) !== this.#file)
        fs.rmSync(path.join(this.dir, name), { force: true });
    return true;
  }
}

type Factory = (req: NodeJS.Require, module: { exports: unknown }, exports: unknown) => void;

interface RoutePart {
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
  schema?: unknown;
}

function run(factory: Factory): unknown {
  const module = { exports: {} as unknown };
  factory(require, module, module.exports);
  return module.exports;
}

/** What writes the code: its file changes with any of these versions (and this file's format, FORMAT). */
const FORMAT = 1;
function generatorsKey(): string {
  const versions = [
    'ajv',
    'ajv-formats',
    'fast-json-stringify',
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
    'fastify',
  ].map((name) => {
    try {
      return `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;
    } catch {
      return `${name}@?`;
    }
  });
  return createHash('sha256')
    .update([FORMAT, ...versions].join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** The server's cache directory in a checkout (.cache/ is not in git). */
export function schemaCodeCacheDir(root: string): string {
  return path.join(root, '.cache', 'schemas');
}

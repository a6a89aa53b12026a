import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The server's compiled validators and serializers kept on disk between starts, as code: a restart loads
 * the functions instead of compiling ≈ 900 distinct schemas again (most of its time to /readyz,
 * bench/results/log.md "A restart's first page and /readyz"). What the compilers' standalone modes write
 * (ajv's `standaloneCode`, fast-json-stringify's `mode: 'standalone'`: CommonJS modules), kept in one file
 * per version of the code generators, `.cache/schemas/<versions>.json`: each module's code by key, evaluated
 * when its function is first wanted.
 *
 * Keyed by content: an entry's key is a hash of what it was compiled from (the schema, the route's part,
 * the shared schemas and the compiler's options), so a changed schema finds no entry and is compiled as
 * before, and a new version of ajv or fast-json-stringify reads another file. The file is written again
 * (beside, then renamed into place) after a warm-up that compiled anything, with the entries this start
 * used: a changed schema's old code goes. A file that does not load (cut short) is as none. It is code the
 * server runs, like dist-server/ beside it: both are the checkout's.
 */
export class SchemaCodeCache {
  readonly #file: string;
  /** The file's module code by key, read on the first restore (building the app does not wait for it). */
  #codes: Record<string, string> | null = null;
  /** The module code of each function this process used or made, by key: what save() writes. */
  readonly #used = new Map<string, () => string>();
  #restored = 0;
  #compiled = 0;

  constructor(readonly dir: string) {
    this.#file = path.join(dir, `${generatorsKey()}.json`);
  }

  #read(): Record<string, string> {
    if (this.#codes) return this.#codes;
    this.#codes = {};
    try {
      const parsed = JSON.parse(fs.readFileSync(this.#file, 'utf8')) as { codes?: unknown };
      if (typeof parsed.codes === 'object' && parsed.codes !== null)
        this.#codes = parsed.codes as Record<string, string>;
    } catch {
      // none yet, or not whole: every schema is compiled and the file written again
    }
    return this.#codes;
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

  /** The function kept for `key`, or undefined: none, or its code fails. */
  restore(key: string): unknown {
    const code = this.#read()[key];
    if (typeof code !== 'string') return undefined;
    let made: unknown;
    try {
      made = SchemaCodeCache.evaluate(code);
    } catch {
      return undefined;
    }
    if (typeof made !== 'function') return undefined;
    this.#restored++;
    this.#used.set(key, () => code);
    return made;
  }

  /** A function just compiled, kept under `key` by the module code `code()` gives (asked for when saving). */
  store(key: string, code: () => string): void {
    this.#compiled++;
    this.#used.set(key, code);
  }

  /** A CommonJS module's code (a standalone validator's or serializer's) evaluated to its export. */
  static evaluate(code: string): unknown {
    const module = { exports: {} as unknown };
    // The compilers' own code, as ajv's and fast-json-stringify's standalone modes are meant to be loaded.
    new Function('require', 'module', 'exports', code)(require, module, module.exports);
    return module.exports;
  }

  /**
   * Writes the file again, with the entries this start used, when it compiled anything; else leaves it (a
   * start with fewer routes — no development outbox — does not drop the others'). A function whose code the
   * generator refuses is left out: it is compiled again at the next start. Answers whether it wrote. A cache
   * that cannot be written throws: the caller reports it, the server runs on.
   */
  save(): boolean {
    if (this.#compiled === 0) return false;
    const codes: Record<string, string> = {};
    for (const [key, code] of this.#used) {
      try {
        codes[key] = code();
      } catch {
        // not kept
      }
    }
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.#file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, JSON.stringify({ writtenBy: 'server/http/schema-code-cache.ts', codes }), { mode: 0o600 });
    fs.renameSync(tmp, this.#file);
    // Another version of the generators' file is of no further use.
    for (const name of fs.readdirSync(this.dir))
      if (/^[0-9a-f]{16}\.json$/.test(name) && path.join(this.dir, name) !== this.#file)
        fs.rmSync(path.join(this.dir, name), { force: true });
    return true;
  }
}

interface RoutePart {
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
  schema?: unknown;
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

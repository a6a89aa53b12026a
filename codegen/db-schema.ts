/**
 * Writes server/db/schema.generated.ts — Kysely's view of the database — from the database the
 * migrations build: a fresh in-process PGlite is migrated, then its catalogue (pg_catalog) is read.
 * The migrations are the one source; the types follow. With --check it writes nothing and fails when
 * the file differs (a hand edit, or a migration added without `npm run codegen:db`).
 *
 * Why our own introspection and not kysely-codegen: kysely-codegen connects through a driver of its
 * own (pg, not PGlite), names tables in PascalCase without our `…Table` convention, and cannot see
 * that `use_yn char(1) check (use_yn in ('Y','N'))` is `'Y' | 'N'`. Reading the single-column CHECK
 * constraints keeps those narrow unions (states, Y/N flags, portals) without a hand overlay.
 *
 * The values are those server/db/connect.ts's parsers hand over, on PGlite and PostgreSQL alike:
 * bigint and count as number, numeric as an exact decimal string, date as 'YYYY-MM-DD', timestamptz
 * as an ISO string in UTC with milliseconds (what Date#toISOString gives); json/jsonb is written as a JSON string and read as whatever it holds (unknown).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, sql } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';

const root = path.resolve(import.meta.dirname, '..');
export const schemaFile = path.join(root, 'server/db/schema.generated.ts');

/** The very conversion the server's CamelCasePlugin applies (connect.ts), so names cannot drift. */
class Names extends CamelCasePlugin {
  constructor() {
    super({ underscoreBeforeDigits: true });
  }
  camel(name: string): string {
    return this.camelCase(name);
  }
}
const names = new Names();
const pascal = (snake: string) => {
  const c = names.camel(snake);
  return c[0].toUpperCase() + c.slice(1);
};

export interface CatalogColumn {
  table: string;
  column: string;
  /** pg_type.typname, e.g. int4, varchar, timestamptz, _text for text[]. */
  type: string;
  notNull: boolean;
  /** A default, identity or serial: the insert may leave it out. */
  hasDefault: boolean;
}

export interface CatalogCheck {
  table: string;
  column: string;
  definition: string;
}

/** select / insert / update types of one pg type, before null and defaults. */
interface Ts {
  select: string;
  insert: string;
  update: string;
  /** Name of a shared alias for this triple (Timestamp, Numeric, Json). */
  alias?: string;
}

const ALIASES = {
  Timestamp: [
    'string',
    'Date | string',
    'Date | string',
    "timestamptz: read as the API's ISO string (2024-11-05T05:30:09.000Z, pglite/parsers.mjs), written as a Date or an ISO string",
  ],
  Numeric: [
    'string',
    'string | number',
    'string | number',
    'numeric: read as an exact decimal string (money is never a float), written as a string or a number',
  ],
  Json: ['unknown', 'string', 'string', 'json/jsonb: written as JSON text (JSON.stringify), read as the parsed value'],
} as const;

function tsOf(type: string): Ts {
  if (type.startsWith('_')) {
    const el = tsOf(type.slice(1));
    return { select: `${el.select}[]`, insert: `${el.select}[]`, update: `${el.select}[]` };
  }
  const plain = (t: string): Ts => ({ select: t, insert: t, update: t });
  const alias = (name: keyof typeof ALIASES): Ts => ({
    select: ALIASES[name][0],
    insert: ALIASES[name][1],
    update: ALIASES[name][2],
    alias: name,
  });
  switch (type) {
    case 'int2':
    case 'int4':
    case 'int8': // parsed to number (pglite/parsers.mjs)
    case 'float4':
    case 'float8':
    case 'oid':
      return plain('number');
    case 'numeric':
      return alias('Numeric');
    case 'bool':
      return plain('boolean');
    case 'timestamptz':
    case 'timestamp':
      return alias('Timestamp');
    case 'json':
    case 'jsonb':
      return alias('Json');
    case 'bytea':
      return plain('Uint8Array');
    case 'date': // 'YYYY-MM-DD', no time-zone shift
    case 'time':
    case 'timetz':
    case 'interval':
    case 'varchar':
    case 'bpchar':
    case 'text':
    case 'uuid':
    case 'inet':
    case 'cidr':
    case 'citext':
    case 'name':
      return plain('string');
    default:
      throw new Error(`codegen:db does not know the PostgreSQL type ${type}: add it to tsOf() in codegen/db-schema.ts`);
  }
}

/**
 * The values a single-column CHECK allows, when it is a plain list (`col in ('A','B')`, which
 * PostgreSQL keeps as `col = ANY (ARRAY['A'::bpchar, …])`, or `col = 'A'`); else null.
 */
export function checkValues(definition: string): string[] | null {
  if (/\b(AND|OR|NOT|IS|LIKE|BETWEEN)\b|[<>~]|!=/.test(definition)) return null;
  const list = /^CHECK \(+"?\w+"?\)?(?:::[\w ]+)? = ANY \(+ARRAY\[(.*)\]\)*(?:::[\w ]+\[\])?\)*$/.exec(definition);
  const one = /^CHECK \(+"?\w+"?\)?(?:::[\w ]+)? = ('(?:[^']|'')*')(?:::[\w ]+)?\)+$/.exec(definition);
  const body = list?.[1] ?? one?.[1];
  if (!body) return null;
  const values = [...body.matchAll(/'((?:[^']|'')*)'(?:::[\w ]+)?/g)].map((m) => m[1].replace(/''/g, "'"));
  return values.length ? values : null;
}

/**
 * Columns a BEFORE INSERT trigger fills (the catalogue cannot tell): the code never writes them, so
 * they are typed as read-only. The one hand-kept fact here; add a column when a migration adds such a trigger.
 */
export const TRIGGER_FILLED: Readonly<Record<string, readonly string[]>> = {
  // 0350: the access log's trigger numbers, times and hash-chains each row.
  personal_data_access_log: ['seq', 'occurred_at', 'prev_hash', 'hash'],
};

export function schemaModule(columns: CatalogColumn[], checks: CatalogCheck[]): string {
  const allowed = new Map<string, string[]>();
  for (const c of checks) {
    const values = checkValues(c.definition);
    if (!values) continue;
    const key = `${c.table}.${c.column}`;
    // Two checks on one column: the values both allow.
    const before = allowed.get(key);
    allowed.set(key, before ? before.filter((v) => values.includes(v)) : values);
  }
  const tables = new Map<string, CatalogColumn[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  const used = new Set<keyof typeof ALIASES>();

  const columnType = (c: CatalogColumn): string => {
    const base = tsOf(c.type);
    const values = allowed.get(`${c.table}.${c.column}`);
    if (values && base.select === 'string') {
      const union = values.map((v) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' | ');
      Object.assign(base, { select: union, insert: union, update: union });
    }
    const orNull = c.notNull ? '' : ' | null';
    if (TRIGGER_FILLED[c.table]?.includes(c.column)) return `ColumnType<${base.select}${orNull}, never, never>`;
    if (base.alias && !c.hasDefault) {
      used.add(base.alias as keyof typeof ALIASES);
      return `${base.alias}${orNull}`;
    }
    const s = base.select + orNull;
    const i = base.insert + orNull + (c.hasDefault ? ' | undefined' : '');
    const u = base.update + orNull;
    if (base.select === base.insert && base.select === base.update) return c.hasDefault ? `Generated<${s}>` : s;
    return `ColumnType<${s}, ${i}, ${u}>`;
  };

  const bodies: string[] = [];
  const entries: string[] = [];
  for (const [table, cols] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    const name = `${pascal(table)}Table`;
    bodies.push(
      `export interface ${name} {\n${cols.map((c) => `  ${names.camel(c.column)}: ${columnType(c)};`).join('\n')}\n}\n`,
    );
    entries.push(`  ${names.camel(table)}: ${name};`);
  }
  const aliasLines = [...used]
    .sort()
    .map(
      (a) =>
        `/** ${ALIASES[a][3]}. */\nexport type ${a} = ColumnType<${ALIASES[a][0]}, ${ALIASES[a][1]}, ${ALIASES[a][2]}>;`,
    );
  const body = bodies.join('\n');
  const imports = ['ColumnType', ...(body.includes('Generated<') ? ['Generated'] : [])];
  return [
    '/* Generated by `npm run codegen:db` from the database the migrations build (codegen/db-schema.ts). Do not edit. */',
    `import type { ${imports.join(', ')} } from 'kysely';`,
    '',
    ...aliasLines,
    '',
    body,
    '/** Kysely’s view of the database, in camelCase (CamelCasePlugin with underscoreBeforeDigits). */',
    'export interface Database {',
    ...entries,
    '}',
    '',
  ].join('\n');
}

/** Migrates an empty in-memory PGlite and reads its tables, columns and CHECK constraints. */
export async function introspect(): Promise<{ columns: CatalogColumn[]; checks: CatalogCheck[] }> {
  const dbh = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
  try {
    await migrateToLatest(dbh.db);
    // One-word aliases: the CamelCasePlugin leaves them as they are.
    const columns = await sql<{ tbl: string; col: string; typ: string; notnull: boolean; hasdefault: boolean }>`
      select c.relname as tbl, a.attname as col, t.typname as typ, a.attnotnull as notnull,
             (a.atthasdef or a.attidentity <> '') as hasdefault
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_type t on t.oid = a.atttypid
       where n.nspname = current_schema() and c.relkind in ('r', 'p')
         and c.relname not in ('kysely_migration', 'kysely_migration_lock')
       order by c.relname, a.attnum`.execute(dbh.db);
    const checks = await sql<{ tbl: string; col: string; def: string }>`
      select c.relname as tbl, a.attname as col, pg_get_constraintdef(k.oid) as def
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
       where n.nspname = current_schema() and k.contype = 'c' and cardinality(k.conkey) = 1
       order by c.relname, a.attname, k.conname`.execute(dbh.db);
    return {
      columns: columns.rows.map((r) => ({
        table: r.tbl,
        column: r.col,
        type: r.typ,
        notNull: r.notnull,
        hasDefault: r.hasdefault,
      })),
      checks: checks.rows.map((r) => ({ table: r.tbl, column: r.col, definition: r.def })),
    };
  } finally {
    await dbh.close();
  }
}

export async function generateSchema(): Promise<string> {
  const { columns, checks } = await introspect();
  return schemaModule(columns, checks);
}

async function main(): Promise<void> {
  const rel = path.relative(root, schemaFile);
  const content = await generateSchema();
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(schemaFile) || fs.readFileSync(schemaFile, 'utf8') !== content) {
      console.error(
        `${rel} is stale: it does not match the database the migrations build. Run \`npm run codegen:db\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`codegen: ${rel} is up to date`);
    return;
  }
  fs.writeFileSync(schemaFile, content);
  console.log(`codegen: wrote ${rel}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No server module imports another module's internals. What every module shares
 * lives in server/domain/ (errors, field checks, versions, dates, money, attachments and history, the
 * actor, the state machine, shared TypeBox pieces); a module may call another only through the entry
 * points below, each a service the other module offers on purpose. Anything else — a helper, a
 * schema, a query borrowed sideways — fails here: move it to server/domain/ or add it here with why.
 * An entry nobody imports any more fails too, so the list only shrinks.
 */
const PUBLIC_ENTRIES: Record<string, string> = {
  'evaluation/eligibility': 'ordering and RFQ invitations ask whether an evaluation grade blocks the supplier',
  'suppliers/eligibility': 'ordering and RFQ invitations ask whether the supplier may trade',
  'notifications/supplier': 'supplier notices recorded in the acting transaction',
  'notifications/approval': 'approver notices recorded in the approval transaction',
  'notifications/auction': 'reverse-auction notices (invitation, result, cancel) recorded in the acting transaction',
  'notifications/staff':
    'staff notices of other documents (a closed tender to its buyer) recorded in the acting transaction',
  'notifications/subcon':
    'the 연동 조정 제안 and 납품대금 조정협의 notices (to the buyer, the managers and the supplier) recorded in the acting transaction',
  'purchase/approval/workflow': 'the approval notices name the document an approval belongs to',
  'files/storage':
    'the uploaded-file store (item, budget and 연동 index-value uploads, supplier applications, their expiry job)',
  'files/owners':
    'a document (tender, PR, PO, LOI, RFQ, quotation, supplier master and its requests, item, item proposal, delivery, board post) binds as its attachments only its own group or the caller’s fresh upload (assertBindable/mayBindGroup); the 연동 index import reads only a file no document holds (documentsHolding)',
  'files/content-check': 'the upload content check the public application wizard applies too',
  'exports/xlsx-stream': 'the streaming .xlsx writer the data downloads write with',
  'fulfilment/data-download/workflow': 'server-side exports run the data downloads as jobs',
  'fulfilment/posting/connector': 'the ERP connection (retries, idempotency) the vendor master uses too',
  'fulfilment/posting/http-adapter': 'the ERP HTTP adapter the vendor master uses too',
  'fulfilment/posting/correction':
    'a 수정세금계산서 of a posted settlement reaches the ERP as a correcting voucher, made and sent by the posting module’s own command',
  'fulfilment/statement/workflow': 'the order print shows the transaction statement of the order',
  'privacy/index': 'the personal-data access log and download reasons an export records and asks for',
  'fulfilment/warehousing/schemas': 'user preferences validate a remembered warehousing filter with its own schema',
  'purchase/po/service':
    'a sealed-bid tender’s award makes its orders through the PO flow (createAwardedPo); a contract on an order is made only by who may change it (assertMayChangePo), its amendment approved on the order’s terms (rateContractAmendment) and, executed, changes the order through the change path (applyContractAmendment)',
  'purchase/loi/service':
    'a contract on an LOI is made only by who may change it (assertMayChangeLoi); an executed contract amendment changes its LOI (applyLoiAmendment), checked when the amendment is made (describeLoiAmendment) and approved on the LOI’s tier (rateLoiAmendment)',
  'purchase/pr/service':
    'a sealed-bid tender takes a received PR and gives it back when cancelled, as an RFQ does; the budget availability of a PR is shown only to its readers (assertPrVisible)',
  'portal-admin/known-routes': 'the screen studio refuses a stored screen whose route is one of the app’s own',
  'items/upload/file-checks':
    'the spreadsheet checks (type, magic bytes, zip limits) the budget upload and the 연동 index-value import apply too',
  'items/upload/xlsx-rows': 'the streaming .xlsx reader the budget upload and the 연동 index-value import read with',
  'budget/consumption/index': 'approvals, orders, LOIs, receipts and cancellations move the budget ledger',
  'purchase/approval/index': 'a budget transfer goes through the approval lines like a purchasing document',
  'tax-invoices/index':
    'ERP posting asks the tax-invoice gate in its transaction (TAX_INVOICE_REQUIRED) and puts the NTS approval number on the voucher',
};

const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'server/modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every relative import of a file that lands in another module: [target below server/modules, file]. */
export function crossModuleImports(files: string[]): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const file of files) {
    const own = path.relative(modulesDir, file).split(path.sep)[0];
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), m[1])).replace(/\.js$/, '');
      if (target.startsWith('..')) continue;
      if (target.split(path.sep)[0] !== own) found.push([target.split(path.sep).join('/'), path.relative(root, file)]);
    }
  }
  return found;
}

/** The module a file belongs to: its folder below server/modules, and purchasing's documents one each. */
function moduleOf(file: string): string {
  const parts = path.relative(modulesDir, file).split(path.sep);
  return parts[0] === 'purchase' && parts.length > 2 ? `purchase/${parts[1]}` : parts[0];
}

/** Every file's relative imports, type-only ones included (a circle through a type still ties the files together). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const src = fs.readFileSync(file, 'utf8');
    const targets = [...src.matchAll(/^(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) =>
      path.resolve(path.dirname(file), m[1].replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan's algorithm). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('server module boundaries', () => {
  const imports = crossModuleImports(sourceFiles(modulesDir));

  it('a module reaches another only through its declared entry points', () => {
    const internals = imports
      .filter(([target]) => !(target in PUBLIC_ENTRIES))
      .map(([target, file]) => `${file} imports ${target}`);
    expect(internals).toEqual([]);
  });

  it('every declared entry point is still used', () => {
    const used = new Set(imports.map(([target]) => target));
    expect(Object.keys(PUBLIC_ENTRIES).filter((e) => !used.has(e))).toEqual([]);
  });

  it('server/domain imports no module: it is the layer below them', () => {
    const domainDir = path.join(root, 'server/domain');
    const upward = sourceFiles(domainDir).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)]
        .map((m) => path.relative(root, path.resolve(path.dirname(file), m[1])))
        .filter((target) => target.startsWith(`server${path.sep}modules`))
        .map((target) => `${path.relative(root, file)} imports ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('no import circle runs through two modules (the approval outcome dispatches to handlers the modules register)', () => {
    const across = importCircles(importGraph(sourceFiles(modulesDir)))
      .filter((group) => new Set(group.map(moduleOf)).size > 1)
      .map((group) => group.map((f) => path.relative(root, f)).join(' → '));
    expect(across).toEqual([]);
  });

  it('the circle check sees a circle of three files', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((n) => path.join(modulesDir, n, 'x.ts'));
    const graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(importCircles(graph)).toEqual([[a, b, c].sort()]);
    expect(
      importCircles(
        new Map([
          [a, [b]],
          [b, [c]],
        ]),
      ),
    ).toEqual([]);
  });

  it('the check sees a sideways import', () => {
    const dir = fs.mkdtempSync(path.join(modulesDir, 'zz-boundary-'));
    try {
      const file = path.join(dir, 'x.ts');
      fs.writeFileSync(
        file,
        "import { lineAmount } from '../purchase/shared/lines.js';\nimport { failIf } from '../../domain/errors.js';\n",
      );
      expect(crossModuleImports([file]).map(([t]) => t)).toEqual(['purchase/shared/lines']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

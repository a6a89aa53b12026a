/** Rows with id and parent id → a tree (roots first, children in row order), and a text filter over it. */
export interface TreeNode<Row> {
  id: string;
  label: string;
  detail: string | null;
  row: Row;
  children: TreeNode<Row>[];
}

export function buildTree<Row extends Record<string, unknown>>(
  rows: Row[],
  fields: { idField: string; parentField?: string; labelField: string; detailField?: string },
): TreeNode<Row>[] {
  const nodes = new Map<string, TreeNode<Row>>();
  for (const row of rows) {
    const id = String(row[fields.idField] ?? '');
    nodes.set(id, {
      id,
      label: String(row[fields.labelField] ?? id),
      detail: fields.detailField ? String(row[fields.detailField] ?? '') || null : null,
      row,
      children: [],
    });
  }
  const roots: TreeNode<Row>[] = [];
  for (const node of nodes.values()) {
    const parent = fields.parentField ? node.row[fields.parentField] : null;
    const p = parent === null || parent === undefined || parent === '' ? undefined : nodes.get(String(parent));
    // A parent that is missing (or the node itself) makes the node a root rather than losing it.
    if (p && p !== node) p.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Nodes whose label, detail or id contains the text, with their ancestors (so the path stays visible). */
export function filterTree<Row>(nodes: TreeNode<Row>[], text: string): TreeNode<Row>[] {
  const q = text.trim().toLowerCase();
  if (!q) return nodes;
  const out: TreeNode<Row>[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, q);
    const hit =
      n.label.toLowerCase().includes(q) || n.id.toLowerCase().includes(q) || (n.detail ?? '').toLowerCase().includes(q);
    if (hit || children.length) out.push({ ...n, children: hit ? n.children : children });
  }
  return out;
}

/** Nodes opened or folded by the user; the rest keep their default (roots open, the others folded). */
export type OpenState = ReadonlyMap<string, boolean>;

export function isNodeOpen(state: OpenState, id: string, depth: number): boolean {
  return state.get(id) ?? depth === 0;
}

export function withOpen(state: OpenState, id: string, open: boolean): Map<string, boolean> {
  return new Map(state).set(id, open);
}

/** A click opens a folded node, and folds an open node that was already chosen (`fold`). */
export function afterClick(state: OpenState, id: string, depth: number, fold: boolean): OpenState {
  const open = isNodeOpen(state, id, depth);
  if (!open) return withOpen(state, id, true);
  return fold ? withOpen(state, id, false) : state;
}

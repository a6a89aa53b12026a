/** Rows with id and parent id → a tree (roots first, children in row order), and a text filter over it. */
export interface TreeNode<Row> {
  id: string;
  label: string;
  detail: string | null;
  row: Row;
  children: TreeNode<Row>[];
}

export function buildTree<Row extends Record<string, unknown>>(rows: Row[], fields: { idField: string; parentField?: string; labelField: string; detailField?: string }): TreeNode<Row>[] {
  const nodes = new Map<string, TreeNode<Row>>();
  for (const row of rows) {
    const id = String(row[fields.idField] ?? '');
    nodes.set(id, { id, label: String(row[fields.labelField] ?? id), detail: fields.detailField ? String(row[fields.detailField] ?? '') || null : null, row, children: [] });
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
    const hit = n.label.toLowerCase().includes(q) || n.id.toLowerCase().includes(q) || (n.detail ?? '').toLowerCase().includes(q);
    if (hit || children.length) out.push({ ...n, children: hit ? n.children : children });
  }
  return out;
}

/** The open nodes after a click on `id`: opened, or folded when it was open and already chosen (`fold`). */
export function toggleExpanded(open: ReadonlySet<string>, id: string, fold: boolean): Set<string> {
  const next = new Set(open);
  if (fold && next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

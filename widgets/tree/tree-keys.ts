/**
 * The WAI-ARIA tree pattern's keyboard model as a pure function: which node gets focus, or which
 * node opens or folds, for a key pressed on node `at` of the nodes on screen (in reading order).
 */
export interface VisibleNode {
  id: string;
  parentId: string | null;
  hasChildren: boolean;
  expanded: boolean;
}

export type TreeKeyResult = { focus: string } | { toggle: string; open: boolean } | { activate: string } | null;

/** Flattens the nodes on screen (children only under open nodes), in the order they are read. */
export function visibleNodes<N extends { id: string; children: readonly object[] }>(
  nodes: readonly N[],
  isOpen: (node: N, depth: number) => boolean,
): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (list: readonly N[], parentId: string | null, depth: number) => {
    for (const n of list) {
      const expanded = n.children.length > 0 && isOpen(n, depth);
      out.push({ id: n.id, parentId, hasChildren: n.children.length > 0, expanded });
      // A node's children are nodes of the same kind (the tree's own type).
      if (expanded) walk(n.children as unknown as readonly N[], n.id, depth + 1);
    }
  };
  walk(nodes, null, 0);
  return out;
}

export function treeKey(key: string, at: string, nodes: VisibleNode[]): TreeKeyResult {
  const i = nodes.findIndex((n) => n.id === at);
  if (i < 0) return null;
  const node = nodes[i];
  switch (key) {
    case 'ArrowDown':
      return i + 1 < nodes.length ? { focus: nodes[i + 1].id } : null;
    case 'ArrowUp':
      return i > 0 ? { focus: nodes[i - 1].id } : null;
    case 'Home':
      return { focus: nodes[0].id };
    case 'End':
      return { focus: nodes[nodes.length - 1].id };
    case 'ArrowRight':
      // A closed parent opens; an open one hands focus to its first child; a leaf does nothing.
      if (!node.hasChildren) return null;
      return node.expanded ? (nodes[i + 1] ? { focus: nodes[i + 1].id } : null) : { toggle: node.id, open: true };
    case 'ArrowLeft':
      // An open parent folds; otherwise focus goes up to the parent.
      if (node.expanded) return { toggle: node.id, open: false };
      return node.parentId !== null ? { focus: node.parentId } : null;
    case 'Enter':
    case ' ':
      return { activate: node.id };
    default:
      return null;
  }
}

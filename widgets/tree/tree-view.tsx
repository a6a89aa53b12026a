import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { treeKey, visibleNodes } from './tree-keys';
import styles from './tree-view.module.css';

export interface TreeViewNode {
  id: string;
  label: string;
  /** A second, quieter text after the label (read as part of the node's name). */
  detail?: string | null;
  children: TreeViewNode[];
}

export interface TreeViewProps<N extends TreeViewNode> {
  nodes: N[];
  /** Accessible name of the tree. */
  'aria-label': string;
  selectedId: string | null;
  /** Whether a node with children shows them (the caller keeps the open set). */
  isOpen: (node: N, depth: number) => boolean;
  /** Right/Left arrows open and fold a node. */
  onToggle: (id: string, open: boolean) => void;
  /** A click, Enter or Space on a node. */
  onActivate: (id: string) => void;
  className?: string;
}

/**
 * A tree per the WAI-ARIA tree pattern: `role="tree"` of `treeitem`s (children in a `group`) with
 * aria-level, aria-expanded and aria-selected; one node in the Tab order (roving tabindex) and
 * Up/Down/Home/End to move, Right/Left to open, enter or fold, Enter/Space to choose.
 */
export function TreeView<N extends TreeViewNode>(props: TreeViewProps<N>) {
  const { nodes, selectedId, isOpen, onToggle, onActivate } = props;
  const rootRef = useRef<HTMLUListElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const flat = useMemo(() => visibleNodes(nodes, isOpen), [nodes, isOpen]);
  // The node in the Tab order: the one last focused, else the chosen one, else the first.
  const tabStop =
    [focusedId, selectedId].find((id) => id !== null && flat.some((n) => n.id === id)) ?? flat[0]?.id ?? null;

  const focusNode = (id: string) => {
    setFocusedId(id);
    rootRef.current?.querySelector<HTMLElement>(`[data-tree-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    const at = item?.dataset.treeId;
    if (at === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    const result = treeKey(e.key, at, flat);
    if (!result) return;
    e.preventDefault();
    e.stopPropagation();
    if ('focus' in result) focusNode(result.focus);
    else if ('toggle' in result) onToggle(result.toggle, result.open);
    else onActivate(result.activate);
  };

  const render = (list: N[], depth: number): ReactNode =>
    list.map((n, i) => {
      const open = n.children.length > 0 && isOpen(n, depth);
      return (
        <li
          key={n.id}
          role="treeitem"
          className={styles.item}
          data-tree-id={n.id}
          aria-level={depth + 1}
          aria-setsize={list.length}
          aria-posinset={i + 1}
          aria-expanded={n.children.length ? open : undefined}
          aria-selected={n.id === selectedId}
          tabIndex={n.id === tabStop ? 0 : -1}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocusedId(n.id);
          }}
          onClick={(e) => {
            e.stopPropagation();
            setFocusedId(n.id);
            onActivate(n.id);
          }}
        >
          <div className={styles.row}>
            {n.children.length > 0 && <span aria-hidden="true">{open ? '▾' : '▸'}</span>}
            <span>{n.label}</span>
            {/* The name is read from the content: Chromium leaves the open subtree (the group) out of it. */}
            {n.detail && ' '}
            {n.detail && <span className={styles.detail}>{n.detail}</span>}
          </div>
          {open && (
            <ul role="group" className={styles.group}>
              {render(n.children as N[], depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul
      ref={rootRef}
      role="tree"
      aria-label={props['aria-label']}
      className={[styles.tree, props.className ?? ''].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      {render(nodes, 0)}
    </ul>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { TreeView } from '../../widgets';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { TreeScreenDef } from '../definition/types';
import { EditBodyView } from '../edit/EditBodyView';
import { actionState, buildInputs, normalizeAction, type NormalAction } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { useEngineServices } from '../services';
import { ActionButton, ScreenHeader } from '../ui/parts';
import styles from '../ui/engine.module.css';
import { afterClick, buildTree, filterTree, isNodeOpen, withOpen, type OpenState, type TreeNode } from './tree-model';

type Row = Record<string, unknown>;

/**
 * Master-detail: the tree (or flat list) of nodes on the left, the selected node's editor on the
 * right. `new` starts a node; saving reloads the tree and keeps the saved node selected.
 */
export function TreeScreen() {
  const frame = useFrame();
  const services = useEngineServices();
  const { t } = frame;
  const def = frame.def as TreeScreenDef;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState('');
  const [openState, setOpenState] = useState<OpenState>(() => new Map());

  // The tree loads on open and again after a save or delete, then selects what it was asked to.
  const [reload, setReload] = useState<{ tick: number; select?: string | null }>({ tick: 0 });
  const load = useCallback((select?: string | null) => setReload((r) => ({ tick: r.tick + 1, select })), []);
  useEffect(() => {
    let live = true;
    const input = buildInputs(def.tree.params, { query: frame.query, login: services.loginData() });
    const info = isOperationId(def.tree.operation) ? operations[def.tree.operation] : null;
    // A paged list operation: the whole tree in one page (≤ 5000 nodes).
    if (info?.list) input.query = { size: 5000, ...input.query };
    services.call(def.tree.operation, input).then(
      (answer) => {
        if (!live) return;
        setRows((Array.isArray(answer) ? answer : ((answer as { rows?: Row[] })?.rows ?? [])) as Row[]);
        if (reload.select !== undefined) setSelectedId(reload.select);
      },
      (e: unknown) => {
        if (!live) return;
        setRows([]);
        void frame.alertError(e);
      },
    );
    return () => {
      live = false;
    };
    // One load per request (reload.tick); the definition and services do not change meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload]);

  const tree = useMemo(() => buildTree(rows ?? [], def.tree), [rows, def.tree]);
  const visible = useMemo(() => filterTree(tree, filter), [tree, filter]);
  const selectedRow = useMemo(
    () => (selectedId === null ? null : ((rows ?? []).find((r) => String(r[def.tree.idField]) === selectedId) ?? null)),
    [rows, selectedId, def.tree.idField],
  );
  const record = creating ? null : selectedRow;
  const extraScope = useMemo(() => ({ node: selectedRow }), [selectedRow]);

  const choose = async (id: string) => {
    if (id === selectedId && !creating) return;
    if (frame.isDirty() && !(await frame.confirm(t('engine.leaveConfirm')))) return;
    frame.setDirty(false);
    setCreating(false);
    setSelectedId(id);
  };

  const toolbar = useMemo(
    () => (def.actions ?? []).map((a) => normalizeAction(a, def.title)),
    [def.actions, def.title],
  );
  const runToolbar = async (a: NormalAction) => {
    if (a.kind === 'new') {
      if (frame.isDirty() && !(await frame.confirm(t('engine.leaveConfirm')))) return;
      frame.setDirty(false);
      setCreating(true);
    } else if (a.kind === 'search') load(selectedId);
  };

  // A filter shows every match with its path, so every node is open while one is typed.
  const isOpen = useCallback(
    (n: TreeNode<Row>, depth: number) => filter.trim() !== '' || isNodeOpen(openState, n.id, depth),
    [filter, openState],
  );
  const depthOf = useMemo(() => {
    const m = new Map<string, number>();
    const walk = (list: TreeNode<Row>[], d: number) => list.forEach((n) => (m.set(n.id, d), walk(n.children, d + 1)));
    walk(visible, 0);
    return m;
  }, [visible]);
  const activate = (id: string) => {
    // A click (or Enter) opens a folded node; a second one on the open, chosen node folds it.
    if (filter.trim() === '')
      setOpenState((s) => afterClick(s, id, depthOf.get(id) ?? 0, id === selectedId && !creating));
    void choose(id);
  };

  return (
    <>
      <ScreenHeader
        title={t(def.title)}
        badge={frame.authority && !frame.authority.write ? t('engine.readOnly') : null}
      >
        {toolbar.map((a) => (
          <ActionButton
            key={a.id}
            action={a}
            state={actionState(a, frame.authority, {
              login: services.loginData(),
              node: selectedRow,
              selection: selectedRow ? 1 : 0,
            })}
            onRun={(x) => void runToolbar(x)}
          />
        ))}
      </ScreenHeader>
      <div className={styles.split}>
        <nav className={`${styles.panel} ${styles.tree}`} aria-label={t(def.title)}>
          {def.tree.search && (
            <input
              className="gpms-tree-filter"
              style={{ height: 30, padding: '0 8px', border: '1px solid var(--color-border)', borderRadius: 4 }}
              placeholder={t('engine.treeFilter')}
              aria-label={t('engine.treeFilter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          )}
          {rows === null ? (
            <p className={styles.muted}>{t('engine.loading')}</p>
          ) : visible.length === 0 ? (
            <p className={styles.muted}>{t('engine.treeEmpty')}</p>
          ) : (
            <TreeView
              nodes={visible}
              aria-label={def.tree.rootLabel ? t(def.tree.rootLabel) : t(def.title)}
              selectedId={creating ? null : selectedId}
              isOpen={isOpen}
              onToggle={(id, open) => setOpenState((st) => withOpen(st, id, open))}
              onActivate={activate}
            />
          )}
        </nav>
        <div className={styles.section}>
          {record || creating ? (
            <EditBodyView
              key={creating ? '\u0000new' : selectedId}
              body={def.detail}
              at="/detail"
              record={record}
              extraScope={extraScope}
              onSaved={(answer) => {
                const id =
                  answer && typeof answer === 'object' && !Array.isArray(answer)
                    ? (answer as Row)[def.tree.idField]
                    : undefined;
                setCreating(false);
                load(id !== undefined && id !== null ? String(id) : selectedId);
              }}
              onDeleted={() => {
                setSelectedId(null);
                load(null);
              }}
              onNew={() => setCreating(true)}
            />
          ) : (
            <p className={`${styles.panel} ${styles.muted}`}>{t('engine.treeSelect')}</p>
          )}
        </div>
      </div>
    </>
  );
}

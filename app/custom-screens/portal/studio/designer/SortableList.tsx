/**
 * Dragging for one list of the designer, with @dnd-kit: a mouse (or pen, or finger) drags an item by
 * its handle, and the same handle drags by keyboard (Space or Enter lifts, ↑/↓ carry, Space or
 * Enter drops, Esc puts it back) with dnd-kit's keyboard sensor. What a screen reader hears is
 * worded by the studio's texts in the interface's language. A drop is one move of the text through
 * the same path as the Up/Down buttons (one step of the history); the list itself never reorders
 * anything of its own.
 *
 * Each list has a DndContext of its own, so an item is carried only within its list (a field
 * within its section): a move to another list would be a removal and an insertion, not a move.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useRef, type ReactNode } from 'react';
import { useDesignerText } from './designer-text';

const D = 'screen.screenStudio.designer.drag';

interface SortableListProps {
  /** The items' ids (their JSON pointers), in order. */
  ids: readonly string[];
  /** An item's name as the list says it ("2번째 열 code"). */
  nameOf(id: string): string;
  /** A drop at another place: the item at `from` to `to`. */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const t = useDesignerText();
  // The same array while the ids are the same: SortableContext gives every item a new context value
  // for a new array, which would draw every row again (ElementGroup's rows are memoized) at each keystroke.
  const idKey = ids.join('\n');
  const stableIds = useMemo(() => (idKey ? idKey.split('\n') : []), [idKey]);
  // A pointer must travel 5 px before a drag starts, so a click on the handle stays a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Where the carried item was last said to be. As a drag starts dnd-kit reports it over nothing (the
  // places not measured yet), then over its own place: either would replace the "lifted" sentence
  // before a screen reader reads it, so only a new place is said (a drop outside is said at the end).
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t(`${D}.start`, { item: nameOf(String(active.id)) });
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return t(`${D}.over`, { item: nameOf(String(active.id)), index: place(over.id) });
      },
      // A drop at another place is said by the designer's own "moved" sentence.
      onDragEnd: ({ active, over }) =>
        !over
          ? t(`${D}.outside`, { item: nameOf(String(active.id)) })
          : over.id === active.id
            ? t(`${D}.samePlace`, { item: nameOf(String(active.id)) })
            : undefined,
      onDragCancel: ({ active }) => t(`${D}.cancel`, { item: nameOf(String(active.id)) }),
    };
  }, [t, nameOf, ids]);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t(`${D}.instructions`) },
        // The designer puts the focus on the moved item's handle at its new place itself.
        restoreFocus: false,
      }}
      onDragEnd={({ active, over }) => {
        if (!over) return;
        const from = ids.indexOf(String(active.id));
        const to = ids.indexOf(String(over.id));
        if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
      }}
    >
      <SortableContext items={stableIds} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

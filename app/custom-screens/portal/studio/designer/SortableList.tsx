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
import type { ItemRef } from './item-words';
import type { Said } from './said';

const D = 'screen.screenStudio.designer.drag';
const DRAG = 'drag';

// The sensors' options, made once. useSensor remembers a sensor by its options object: a new object at
// each render made new sensors, so new activators in DndContext's context, so a new context value for
// every row's useSortable — every row of every list drawn again at each keystroke and each move,
// whatever ElementGroup's memo said (redraws.test.tsx counts them).
// A pointer must travel 5 px before a drag starts, so a click on the handle stays a click.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface SortableListProps {
  /** The items' ids (their JSON pointers), in order. */
  ids: readonly string[];
  /** What names an item (worded by the designer's live region, in the language of the moment). */
  refOf(id: string): ItemRef | null;
  /** Says a sentence of the drag as its key and values (dnd-kit's own region is left empty). */
  onSay(said: Said | null): void;
  /** A drop at another place: the item at `from` to `to`. */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

export function SortableList({ ids, refOf, onSay, onMove, children }: SortableListProps) {
  const t = useDesignerText();
  // The same array while the ids are the same: SortableContext gives every item a new context value
  // for a new array, which would draw every row again (ElementGroup's rows are memoized) at each keystroke.
  const idKey = ids.join('\n');
  const stableIds = useMemo(() => (idKey ? idKey.split('\n') : []), [idKey]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  // Where the carried item was last said to be. As a drag starts dnd-kit reports it over nothing (the
  // places not measured yet), then over its own place: either would replace the "lifted" sentence
  // before a screen reader reads it, so only a new place is said (a drop outside is said at the end).
  const lastOver = useRef<UniqueIdentifier | null>(null);
  // The sentences are said through the designer (onSay) as keys and values, so that they are worded
  // in the language of the moment; dnd-kit keeps a sentence as text, so every event answers it nothing.
  const announcements = useMemo<Announcements>(() => {
    const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    const say = (key: string, id: UniqueIdentifier, vars?: Record<string, number>) => {
      const item = refOf(String(id));
      onSay(item ? { key: `${DRAG}.${key}`, item, ...(vars ? { vars } : {}) } : null);
      return undefined;
    };
    return {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return say('start', active.id);
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return say('over', active.id, { index: place(over.id) });
      },
      // A drop at another place is said by the designer's own "moved" sentence.
      onDragEnd: ({ active, over }) =>
        !over ? say('outside', active.id) : over.id === active.id ? say('samePlace', active.id) : undefined,
      onDragCancel: ({ active }) => say('cancel', active.id),
    };
  }, [refOf, onSay, ids]);
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

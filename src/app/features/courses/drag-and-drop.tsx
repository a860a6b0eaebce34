// What the constructor's sortable lists share: the sensors (pointer and keyboard), the Russian
// announcements, a sortable item's hook and its drag handle.
import { coursesMessages } from '#core';
import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type ScreenReaderInstructions, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import type { CSSProperties } from 'react';

const t = coursesMessages.dnd;

/** A mouse or finger drags after moving 5 px (so a click stays a click); Space or Enter picks up from the keyboard. */
export function useDragSensors() {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

/** dnd-kit's live-region texts, in Russian, naming the items by `nameOf`. */
export function dragAccessibility(nameOf: (id: UniqueIdentifier) => string): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: t.instructions },
    announcements: {
      onDragStart: ({ active }) => t.picked(nameOf(active.id)),
      onDragOver: ({ active, over }) => (over && over.id !== active.id ? t.over(nameOf(active.id), nameOf(over.id)) : undefined),
      onDragEnd: ({ active, over }) => (over ? t.dropped(nameOf(active.id), nameOf(over.id)) : t.droppedAway(nameOf(active.id))),
      onDragCancel: ({ active }) => t.cancelled(nameOf(active.id)),
    },
  };
}

export type SortableItem = ReturnType<typeof useSortable> & { style: CSSProperties };

/** useSortable with a Russian role description and the style that moves the item while dragging. */
export function useSortableItem(id: string, disabled?: { draggable: boolean; droppable: boolean }): SortableItem {
  const sortable = useSortable({ id, disabled, attributes: { roleDescription: t.roleDescription } });
  const { transform, transition } = sortable;
  const style: CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition: transition ?? undefined,
  };
  return { ...sortable, style };
}

/** The button that picks an item up: by pointer, or by Space or Enter from the keyboard. */
export function DragHandle({ item, label }: { item: SortableItem; label: string }) {
  return (
    <button type="button" ref={item.setActivatorNodeRef} {...item.attributes} {...item.listeners} className="drag-handle" aria-label={label}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

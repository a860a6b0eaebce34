import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DragHandle, dragAccessibility, useSortableItem } from './drag-and-drop.tsx';

function Item() {
  const item = useSortableItem('a');
  return (
    <div ref={item.setNodeRef}>
      <DragHandle item={item} label="Перетащить «А»" />
    </div>
  );
}

describe('drag and drop', () => {
  it('announces in Russian, naming the items', () => {
    const { announcements, screenReaderInstructions } = dragAccessibility((id) => `«${String(id)}»`.slice(1, -1));
    const active = { id: 'a' } as never;
    const over = { id: 'b' } as never;
    expect(screenReaderInstructions.draggable).toContain('нажмите пробел или Enter');
    expect(announcements.onDragStart({ active })).toBe('Взят элемент «a».');
    expect(announcements.onDragOver({ active, over })).toBe('«a» над «b».');
    expect(announcements.onDragOver({ active, over: { id: 'a' } as never })).toBeUndefined();
    expect(announcements.onDragEnd({ active, over })).toBe('«a» перемещён на место «b».');
    expect(announcements.onDragEnd({ active, over: null })).toBe('«a» отпущен.');
    expect(announcements.onDragCancel({ active, over: null })).toBe('Перемещение «a» отменено.');
  });

  it('gives the handle a name, a Russian role description and the instructions', () => {
    render(
      <DndContext accessibility={dragAccessibility(String)}>
        <SortableContext items={['a']}>
          <Item />
        </SortableContext>
      </DndContext>,
    );
    const handle = screen.getByRole('button', { name: 'Перетащить «А»' });
    expect(handle.getAttribute('aria-roledescription')).toBe('перемещаемый элемент');
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)!.textContent).toContain('Escape отменяет перемещение');
  });
});

import { coursesMessages } from '#core';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { BlockEditor } from './block-editor.tsx';
import { createBlock, deleteBlock, orderBlocks, type Block } from './course-api.ts';
import { useBusyAction } from './use-busy-action.ts';
import { DragHandle, dragAccessibility, useDragSensors, useSortableItem } from './drag-and-drop.tsx';
import { saveOrder } from './saved-order.ts';

const t = coursesMessages;
/** The block types the editor adds (files come with uploads). */
export const NEW_BLOCK_TYPES = ['description', 'code', 'formula', 'buttons', 'video', 'picture'] as const;

const blockKey = (id: number) => `block-${id}`;
const blockId = (key: UniqueIdentifier) => Number(String(key).replace('block-', ''));
const typeName = (type: string) => t.blockTypes[type] ?? type;

export interface BlockListProps {
  school: string;
  lessonId: number;
  blocks: readonly Block[];
  onBlocks: (blocks: readonly Block[]) => void;
  /** The list's heading and what it says when empty: a lesson's content by default, a homework's task says its own. */
  title?: string;
  empty?: string;
}

/**
 * A lesson's content blocks in order: each with its editor; added at the end by type, deleted
 * after a confirmation, moved by drag and drop (mouse or keyboard) or the up and down buttons.
 */
export function BlockList({ school, lessonId, blocks, onBlocks, title = t.blocks, empty = t.noBlocks }: BlockListProps) {
  const ids = useId();
  const sensors = useDragSensors();
  const [busy, run] = useBusyAction();
  const [pending, setPending] = useState<Block | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const latest = useRef(blocks);
  latest.current = blocks;

  useEffect(() => {
    if (focusAfter) document.getElementById(focusAfter)?.focus();
  }, [focusAfter, blocks]);

  const reorder = (next: readonly Block[]) =>
    saveOrder(latest.current, next, onBlocks, (list) => orderBlocks(school, list.map((block, index) => ({ block_id: block.id, order: index + 1 }))));

  function move(index: number, by: -1 | 1, buttonId: string) {
    const to = index + by;
    if (to < 0 || to >= blocks.length) return;
    setFocusAfter(buttonId);
    void reorder(arrayMove([...blocks], index, to));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((block) => block.id === blockId(active.id));
    const to = blocks.findIndex((block) => block.id === blockId(over.id));
    if (from < 0 || to < 0) return;
    void reorder(arrayMove([...blocks], from, to));
  }

  const add = (type: (typeof NEW_BLOCK_TYPES)[number]) =>
    run(async () => {
      const block = await createBlock(school, { base_lesson: lessonId, type });
      onBlocks([...latest.current, block]);
    });

  async function confirmDelete() {
    if (!pending) return;
    await run(async () => {
      await deleteBlock(school, pending.id);
      onBlocks(latest.current.filter((block) => block.id !== pending.id));
    });
    setPending(null);
  }

  const nameOf = (key: UniqueIdentifier) => {
    const index = latest.current.findIndex((block) => block.id === blockId(key));
    return index < 0 ? String(key) : `${index + 1}. ${typeName(latest.current[index]!.type)}`;
  };

  return (
    <section className="block-list" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{title}</h3>
      {blocks.length === 0 ? <p className="muted">{empty}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={dragAccessibility(nameOf)} onDragEnd={onDragEnd}>
        <SortableContext items={blocks.map((block) => blockKey(block.id))} strategy={verticalListSortingStrategy}>
          <ol className="blocks">
            {blocks.map((block, index) => (
              <BlockItem
                key={block.id}
                school={school}
                block={block}
                label={`${index + 1}. ${typeName(block.type)}`}
                upId={`${ids}-up-${block.id}`}
                downId={`${ids}-down-${block.id}`}
                first={index === 0}
                last={index === blocks.length - 1}
                onUp={() => move(index, -1, `${ids}-up-${block.id}`)}
                onDown={() => move(index, 1, `${ids}-down-${block.id}`)}
                onDelete={() => setPending(block)}
                onSaved={(saved) => onBlocks(latest.current.map((own) => (own.id === saved.id ? saved : own)))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="add-block" role="group" aria-label={t.addBlock}>
        <span className="muted">{t.addBlock}:</span>
        {NEW_BLOCK_TYPES.map((type) => (
          <button key={type} type="button" className="button small secondary" disabled={busy} onClick={() => void add(type)}>
            + {typeName(type)}
          </button>
        ))}
      </div>
      {pending ? (
        <ConfirmDialog
          title={t.deleteBlockTitle}
          message={t.deleteBlockText}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

interface BlockItemProps {
  school: string;
  block: Block;
  label: string;
  upId: string;
  downId: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onDelete: () => void;
  onSaved: (block: Block) => void;
}

function BlockItem({ school, block, label, upId, downId, first, last, onUp, onDown, onDelete, onSaved }: BlockItemProps) {
  const key = blockKey(block.id);
  const item = useSortableItem(key);
  return (
    <li ref={item.setNodeRef} style={item.style} className={`block-item${item.isDragging ? ' dragging' : ''}`} data-drag-key={key} aria-label={label}>
      <div className="block-head">
        <DragHandle item={item} label={t.dragLabel(label)} />
        <span className="block-type">{label}</span>
        <span className="row-actions">
          <button id={upId} type="button" className="icon-button" aria-label={t.moveUpLabel(label)} title={t.moveUp} disabled={first} onClick={onUp}>
            <span aria-hidden="true">↑</span>
          </button>
          <button id={downId} type="button" className="icon-button" aria-label={t.moveDownLabel(label)} title={t.moveDown} disabled={last} onClick={onDown}>
            <span aria-hidden="true">↓</span>
          </button>
          <button type="button" className="icon-button danger" aria-label={t.deleteBlock(label)} title={t.delete} onClick={onDelete}>
            <span aria-hidden="true">✕</span>
          </button>
        </span>
      </div>
      <BlockEditor school={school} block={block} onSaved={onSaved} />
    </li>
  );
}

import { coursesMessages, toApiError, type LessonPayload } from '#core';
import { closestCenter, DndContext, useDroppable, type DragEndEvent, type DragOverEvent, type DragStartEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { AddLessonForm } from './add-lesson-form.tsx';
import {
  createLesson,
  createSection,
  deleteLesson,
  deleteSection,
  isEditableType,
  orderLessons,
  orderSections,
  renameSection,
  type EditableLessonType,
  type LessonDetail,
  type OutlineLesson,
  type Section,
} from './course-api.ts';
import { DragHandle, dragAccessibility, useDragSensors, useSortableItem } from './drag-and-drop.tsx';
import { InlineName } from './inline-name.tsx';
import { changedSections, findLesson, lessonKey, lessonOrder, listKey, moduleKey, moveLesson, moveModule, parseKey, sectionOrder, shiftLesson } from './outline-order.ts';
import { useBusyAction } from './use-busy-action.ts';

const t = coursesMessages;

export interface CourseOutlineProps {
  school: string;
  courseId: number;
  sections: readonly Section[];
  /** The outline after a local change (a move, a rename); the server is told by the outline itself. */
  onSections: (sections: readonly Section[]) => void;
  /** Reads the outline again from the server (after a create, a delete, a failed move). */
  reload: () => Promise<void>;
  selected: number | null;
  onSelect: (lesson: OutlineLesson) => void;
  /** A lesson was deleted: the editor closes when it was the open one. */
  onDeleted: (baselessonId: number) => void;
}

type Pending = { kind: 'module'; section: Section } | { kind: 'lesson'; lesson: OutlineLesson };

/**
 * The constructor's outline (spec §2 `constructor`): modules with their lessons in order. Modules
 * are added, renamed in place and deleted (after a confirmation); a lesson, test or homework is
 * added after any lesson or at a module's end (spec §4: sent with order k + 1; the new one opens).
 * Modules and lessons move by drag and drop, with the mouse or the keyboard (a lesson also into
 * another module), or one place at a time with the up and down buttons.
 */
export function CourseOutline({ school, courseId, sections, onSections, reload, selected, onSelect, onDeleted }: CourseOutlineProps) {
  const ids = useId();
  const sensors = useDragSensors();
  const [active, setActive] = useState<UniqueIdentifier | null>(null);
  const [adding, setAdding] = useState<{ section: number; order: number } | null>(null);
  const [addingModule, setAddingModule] = useState(false);
  const [moduleName, setModuleName] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, run] = useBusyAction();
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const latest = useRef(sections);
  latest.current = sections;
  const beforeDrag = useRef<readonly Section[] | null>(null);
  const activeKind = active === null ? null : parseKey(active)?.kind;

  // A moved item's button keeps focus: the list re-renders in its new order first.
  useEffect(() => {
    if (focusAfter) document.getElementById(focusAfter)?.focus();
  }, [focusAfter, sections]);

  function nameOf(id: UniqueIdentifier): string {
    const key = parseKey(id);
    if (!key) return String(id);
    if (key.kind === 'lesson') {
      const at = findLesson(latest.current, key.lessonId);
      return at ? latest.current[at.section]!.lessons[at.index]!.name : String(id);
    }
    return latest.current.find((section) => section.section_id === key.sectionId)?.name ?? String(id);
  }

  async function persistModules(next: readonly Section[]) {
    try {
      await orderSections(school, sectionOrder(next));
    } catch {
      showToast(t.reorderFailed, 'error');
      await reload();
    }
  }

  async function persistLessons(next: readonly Section[], sectionIds: number[]) {
    if (sectionIds.length === 0) return;
    try {
      await orderLessons(school, lessonOrder(next, sectionIds));
    } catch {
      showToast(t.reorderFailed, 'error');
      await reload();
    }
  }

  /**
   * Where a dragged lesson lands when it is over `overId`: a lesson's place; or, over a module's
   * list (between its heading and its lessons), that module's start when coming from above, else
   * its end. Null when it stays where it is.
   */
  function lessonTarget(lessonId: number, overId: UniqueIdentifier): { section: number; index: number } | null {
    const over = parseKey(overId);
    const from = findLesson(latest.current, lessonId);
    if (!over || !from) return null;
    if (over.kind === 'lesson') {
      const at = findLesson(latest.current, over.lessonId);
      return at ? { section: latest.current[at.section]!.section_id, index: at.index } : null;
    }
    const to = latest.current.findIndex((own) => own.section_id === over.sectionId);
    if (to < 0 || to === from.section) return null;
    return { section: over.sectionId, index: from.section < to ? 0 : latest.current[to]!.lessons.length };
  }

  function onDragStart({ active: item }: DragStartEvent) {
    beforeDrag.current = latest.current;
    setActive(item.id);
  }

  // A lesson crossing into another module moves there at once, so that module's list makes room.
  function onDragOver({ active: item, over }: DragOverEvent) {
    const key = parseKey(item.id);
    if (key?.kind !== 'lesson' || !over) return;
    const from = findLesson(latest.current, key.lessonId);
    const target = lessonTarget(key.lessonId, over.id);
    if (!from || !target || latest.current[from.section]!.section_id === target.section) return;
    onSections(moveLesson(latest.current, key.lessonId, target.section, target.index));
  }

  function onDragEnd({ active: item, over }: DragEndEvent) {
    setActive(null);
    const before = beforeDrag.current ?? latest.current;
    beforeDrag.current = null;
    const key = parseKey(item.id);
    if (!key) return;
    if (key.kind === 'module') {
      const overKey = over ? parseKey(over.id) : null;
      if (!overKey || overKey.kind === 'lesson') return;
      const from = latest.current.findIndex((section) => section.section_id === key.sectionId);
      const to = latest.current.findIndex((section) => section.section_id === overKey.sectionId);
      if (from === to) return;
      const next = moveModule(latest.current, from, to);
      onSections(next);
      void persistModules(next);
      return;
    }
    if (key.kind !== 'lesson') return;
    let next = latest.current;
    const target = over ? lessonTarget(key.lessonId, over.id) : null;
    if (target) next = moveLesson(next, key.lessonId, target.section, target.index);
    onSections(next);
    void persistLessons(next, changedSections(before, next));
  }

  function onDragCancel() {
    setActive(null);
    if (beforeDrag.current) onSections(beforeDrag.current);
    beforeDrag.current = null;
  }

  function shiftModule(index: number, by: -1 | 1, buttonId: string) {
    const next = moveModule(sections, index, index + by);
    if (next.every((section, i) => section === sections[i])) return;
    setFocusAfter(buttonId);
    onSections(next);
    void persistModules(next);
  }

  function shiftOne(lesson: OutlineLesson, section: number, by: -1 | 1, buttonId: string) {
    const next = shiftLesson(sections, lesson.baselesson_ptr_id, by);
    if (next === sections) return;
    setFocusAfter(buttonId);
    onSections(next);
    void persistLessons(next, [section]);
  }

  async function addModule() {
    const name = moduleName.trim();
    if (!name) return;
    await run(async () => {
      await createSection(school, courseId, name);
      setAddingModule(false);
      setModuleName('');
      await reload();
    });
  }

  async function rename(section: Section, name: string) {
    try {
      await renameSection(school, section.section_id, name);
    } catch (error) {
      showToast(toApiError(error).message, 'error');
      throw error;
    }
    onSections(latest.current.map((own) => (own.section_id === section.section_id ? { ...own, name } : own)));
  }

  async function addLesson(type: EditableLessonType, payload: LessonPayload) {
    let created: LessonDetail;
    try {
      created = await createLesson(school, type, payload);
    } catch (error) {
      throw new Error(toApiError(error).message);
    }
    setAdding(null);
    await reload();
    onSelect({ type, id: created.id, baselesson_ptr_id: created.baselesson_ptr_id, name: created.name, order: created.order, active: created.active });
  }

  async function confirmDelete() {
    if (!pending) return;
    await run(async () => {
      if (pending.kind === 'module') await deleteSection(school, pending.section.section_id);
      else if (isEditableType(pending.lesson.type)) await deleteLesson(school, pending.lesson.type, pending.lesson.id);
      if (pending.kind === 'lesson') onDeleted(pending.lesson.baselesson_ptr_id);
      else for (const lesson of pending.section.lessons) onDeleted(lesson.baselesson_ptr_id);
      setPending(null);
      await reload();
    });
    setPending(null);
  }

  const addForm = (section: Section, order: number) =>
    adding && adding.section === section.section_id && adding.order === order ? (
      <li className="add-lesson-row">
        <AddLessonForm section={section.section_id} order={order} onCreate={addLesson} onCancel={() => setAdding(null)} />
      </li>
    ) : null;

  return (
    <div className="course-outline">
      <h2>{t.outline}</h2>
      {sections.length === 0 ? <EmptyState title={t.noModules} text={t.noModulesText} /> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={dragAccessibility(nameOf)}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <SortableContext items={sections.map((section) => moduleKey(section.section_id))} strategy={verticalListSortingStrategy}>
          <ol className="module-list">
            {sections.map((section, index) => (
              <ModuleItem
                key={section.section_id}
                section={section}
                dragging={activeKind ?? null}
                upId={`${ids}-mu-${section.section_id}`}
                downId={`${ids}-md-${section.section_id}`}
                first={index === 0}
                last={index === sections.length - 1}
                onUp={() => shiftModule(index, -1, `${ids}-mu-${section.section_id}`)}
                onDown={() => shiftModule(index, 1, `${ids}-md-${section.section_id}`)}
                onRename={(name) => rename(section, name)}
                onDelete={() => setPending({ kind: 'module', section })}
              >
                {section.lessons.map((lesson, at) => (
                  <LessonItem
                    key={lesson.baselesson_ptr_id}
                    lesson={lesson}
                    dragging={activeKind ?? null}
                    selected={selected === lesson.baselesson_ptr_id}
                    upId={`${ids}-lu-${lesson.baselesson_ptr_id}`}
                    downId={`${ids}-ld-${lesson.baselesson_ptr_id}`}
                    first={at === 0}
                    last={at === section.lessons.length - 1}
                    onSelect={() => onSelect(lesson)}
                    onUp={() => shiftOne(lesson, section.section_id, -1, `${ids}-lu-${lesson.baselesson_ptr_id}`)}
                    onDown={() => shiftOne(lesson, section.section_id, 1, `${ids}-ld-${lesson.baselesson_ptr_id}`)}
                    onAddAfter={() => setAdding({ section: section.section_id, order: at + 2 })}
                    onDelete={() => setPending({ kind: 'lesson', lesson })}
                    addForm={addForm(section, at + 2)}
                  />
                ))}
                {section.lessons.length === 0 ? <li className="muted no-lessons">{t.noLessons}</li> : null}
                {section.lessons.length === 0 ? addForm(section, 1) : null}
                {adding?.section === section.section_id && adding.order === section.lessons.length + 1 ? null : (
                  <li className="add-lesson-end">
                    <button type="button" className="button small secondary" onClick={() => setAdding({ section: section.section_id, order: section.lessons.length + 1 })}>
                      + {t.addLesson}
                    </button>
                  </li>
                )}
              </ModuleItem>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {addingModule ? (
        <form
          className="add-module"
          onSubmit={(event) => {
            event.preventDefault();
            void addModule();
          }}
        >
          <input
            aria-label={t.moduleName}
            placeholder={t.moduleName}
            value={moduleName}
            maxLength={256}
            disabled={busy}
            autoFocus
            onChange={(event) => setModuleName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setAddingModule(false);
                setModuleName('');
              }
            }}
          />
          <button type="submit" className="button small primary" disabled={busy}>
            {t.add}
          </button>
          <button type="button" className="button small secondary" onClick={() => setAddingModule(false)}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="button secondary add-module-button" onClick={() => setAddingModule(true)}>
          + {t.addModule}
        </button>
      )}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'module' ? t.deleteModuleTitle : t.deleteLessonTitle}
          message={pending.kind === 'module' ? t.deleteModuleText(pending.section.name) : t.deleteLessonText(pending.lesson.name)}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

interface ModuleItemProps {
  section: Section;
  dragging: 'module' | 'lesson' | 'list' | null;
  upId: string;
  downId: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRename: (name: string) => Promise<void>;
  onDelete: () => void;
  children: ReactNode;
}

function ModuleItem({ section, dragging, upId, downId, first, last, onUp, onDown, onRename, onDelete, children }: ModuleItemProps) {
  const key = moduleKey(section.section_id);
  // While a lesson is dragged, modules are not drop targets (their lesson lists are).
  const item = useSortableItem(key, { draggable: false, droppable: dragging === 'lesson' });
  const list = useDroppable({ id: listKey(section.section_id), disabled: dragging !== 'lesson' });
  return (
    <li ref={item.setNodeRef} style={item.style} className={`module-item${item.isDragging ? ' dragging' : ''}`} data-drag-key={key}>
      <div className="module-head">
        <DragHandle item={item} label={t.dragLabel(section.name)} />
        <InlineName name={section.name} renameLabel={t.renameModule(section.name)} onSave={onRename}>
          <h3>{section.name}</h3>
        </InlineName>
        <span className="row-actions">
          <button id={upId} type="button" className="icon-button" aria-label={t.moveUpLabel(section.name)} title={t.moveUp} disabled={first} onClick={onUp}>
            <span aria-hidden="true">↑</span>
          </button>
          <button id={downId} type="button" className="icon-button" aria-label={t.moveDownLabel(section.name)} title={t.moveDown} disabled={last} onClick={onDown}>
            <span aria-hidden="true">↓</span>
          </button>
          <button type="button" className="icon-button danger" aria-label={t.deleteModule(section.name)} title={t.delete} onClick={onDelete}>
            <span aria-hidden="true">✕</span>
          </button>
        </span>
      </div>
      <SortableContext items={section.lessons.map((lesson) => lessonKey(lesson.baselesson_ptr_id))} strategy={verticalListSortingStrategy}>
        <ol ref={list.setNodeRef} className={`lesson-list${list.isOver ? ' over' : ''}`} aria-label={section.name}>
          {children}
        </ol>
      </SortableContext>
    </li>
  );
}

interface LessonItemProps {
  lesson: OutlineLesson;
  dragging: 'module' | 'lesson' | 'list' | null;
  selected: boolean;
  upId: string;
  downId: string;
  first: boolean;
  last: boolean;
  onSelect: () => void;
  onUp: () => void;
  onDown: () => void;
  onAddAfter: () => void;
  onDelete: () => void;
  addForm: ReactNode;
}

function LessonItem({ lesson, dragging, selected, upId, downId, first, last, onSelect, onUp, onDown, onAddAfter, onDelete, addForm }: LessonItemProps) {
  const key = lessonKey(lesson.baselesson_ptr_id);
  const item = useSortableItem(key, { draggable: false, droppable: dragging === 'module' });
  return (
    <>
      <li ref={item.setNodeRef} style={item.style} className={`lesson-item${selected ? ' selected' : ''}${item.isDragging ? ' dragging' : ''}`} data-drag-key={key}>
        <DragHandle item={item} label={t.dragLabel(lesson.name)} />
        <span className={`lesson-type ${lesson.type}`}>{isEditableType(lesson.type) ? t.lessonTypes[lesson.type] : lesson.type}</span>
        <button type="button" className="lesson-open" aria-current={selected ? 'true' : undefined} onClick={onSelect}>
          {lesson.name}
          {lesson.active ? null : <span className="muted"> ({t.inactive})</span>}
        </button>
        <span className="row-actions">
          <button id={upId} type="button" className="icon-button" aria-label={t.moveUpLabel(lesson.name)} title={t.moveUp} disabled={first} onClick={onUp}>
            <span aria-hidden="true">↑</span>
          </button>
          <button id={downId} type="button" className="icon-button" aria-label={t.moveDownLabel(lesson.name)} title={t.moveDown} disabled={last} onClick={onDown}>
            <span aria-hidden="true">↓</span>
          </button>
          <button type="button" className="icon-button" aria-label={t.addAfter(lesson.name)} title={t.add} onClick={onAddAfter}>
            <span aria-hidden="true">+</span>
          </button>
          <button type="button" className="icon-button danger" aria-label={t.deleteLesson(lesson.name)} title={t.delete} onClick={onDelete}>
            <span aria-hidden="true">✕</span>
          </button>
        </span>
      </li>
      {addForm}
    </>
  );
}

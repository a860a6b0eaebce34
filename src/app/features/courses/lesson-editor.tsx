import { commonMessages, coursesMessages } from '#core';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { BlockList } from './block-list.tsx';
import { getLesson, isEditableType, patchLesson, type Block, type EditableLessonType, type LessonChanges, type LessonDetail, type OutlineLesson } from './course-api.ts';
import { HomeworkSettingsForm } from './homework-settings-form.tsx';
import { LessonFilesEditor } from './lesson-files-editor.tsx';
import { LessonPreview } from '../../ui/lesson-preview.tsx';
import { SaveStatus } from './save-status.tsx';
import { TestQuestions } from './test-questions.tsx';
import { TestSettingsForm } from './test-settings-form.tsx';
import { useAutosave } from './use-autosave.ts';
import { WebinarSettingsForm } from './webinar-settings-form.tsx';

const t = coursesMessages;

export interface LessonEditorProps {
  school: string;
  lesson: OutlineLesson;
  /** The lesson's name or availability was saved: the outline shows it. */
  onChanged: (baselessonId: number, changes: { name: string; active: boolean }) => void;
}

/** The editor pane of the selected lesson, test, homework or webinar: loads it, then edits it. */
export function LessonEditor({ school, lesson, onChanged }: LessonEditorProps) {
  const type = lesson.type;
  const detail = useResource(isEditableType(type) ? `${type}/${lesson.id}` : null, () => getLesson(school, type as EditableLessonType, lesson.id));
  return (
    <section className="lesson-editor" aria-label={isEditableType(type) ? t.editorOf(type) : lesson.name}>
      {detail.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {detail.error ? <LoadError message={detail.error.message} onRetry={detail.retry} /> : null}
      {detail.data && isEditableType(type) ? <LessonForm key={`${type}/${lesson.id}`} school={school} type={type} initial={detail.data} onChanged={onChanged} /> : null}
    </section>
  );
}

function LessonForm({ school, type, initial, onChanged }: { school: string; type: EditableLessonType; initial: LessonDetail; onChanged: LessonEditorProps['onChanged'] }) {
  const id = useId();
  const [lesson, setLesson] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [active, setActive] = useState(initial.active);
  const [blocks, setBlocks] = useState<readonly Block[]>(initial.blocks ?? []);
  const [preview, setPreview] = useState(false);
  // Lessons and homework have content (blocks and files); a homework's is its task.
  const hasContent = type === 'lesson' || type === 'homework';
  const save = useAutosave<LessonChanges[EditableLessonType], LessonDetail>(
    (patch) => patchLesson(school, type, lesson.id, patch),
    (saved) => onChanged(saved.baselesson_ptr_id, { name: saved.name, active: saved.active }),
  );
  const saved = (next: LessonDetail) => {
    setLesson({ ...next, blocks: [...blocks] });
    onChanged(next.baselesson_ptr_id, { name: next.name, active: next.active });
  };

  if (preview) {
    return (
      <div className="lesson-form">
        <div className="editor-head">
          <button type="button" className="button small secondary" onClick={() => setPreview(false)}>
            {t.backToEditor}
          </button>
        </div>
        <LessonPreview name={name} blocks={blocks} empty={type === 'homework' ? t.noTaskBlocks : undefined} />
      </div>
    );
  }

  return (
    <div className="lesson-form">
      <div className="editor-head">
        <span className={`lesson-type ${type}`}>{t.lessonTypes[type]}</span>
        <SaveStatus state={save.state} onRetry={save.flush} />
        {hasContent ? (
          <button type="button" className="button small secondary" onClick={() => setPreview(true)}>
            {t.preview}
          </button>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t.name}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={256}
          aria-invalid={name.trim() === ''}
          aria-describedby={name.trim() === '' ? `${id}-name-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            // A lesson must keep a name: an emptied field is not sent.
            if (event.target.value.trim()) save.change({ name: event.target.value.trim() });
          }}
          onBlur={save.flush}
        />
        {name.trim() === '' ? (
          <span className="field-error" id={`${id}-name-error`}>
            {t.nameRequired}
          </span>
        ) : null}
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => {
            setActive(event.target.checked);
            save.change({ active: event.target.checked });
            save.flush();
          }}
        />{' '}
        {t.active}
      </label>
      {type === 'lesson' ? <BlockList school={school} lessonId={lesson.id} blocks={blocks} onBlocks={setBlocks} /> : null}
      {/* A homework's task: blocks like a lesson's, shown to the student above the hand-in form. */}
      {type === 'homework' ? <BlockList school={school} lessonId={lesson.id} blocks={blocks} onBlocks={setBlocks} title={t.homeworkTask} empty={t.noTaskBlocks} /> : null}
      {hasContent ? (
        <LessonFilesEditor school={school} lessonId={lesson.id} title={type === 'homework' ? t.lessonFiles.homework : t.lessonFiles.lesson} initial={[...(initial.text_files ?? []), ...(initial.audio_files ?? [])]} />
      ) : null}
      {type === 'test' ? (
        <>
          <TestSettingsForm school={school} test={lesson} onSaved={saved} />
          <TestQuestions school={school} testId={lesson.id} />
        </>
      ) : null}
      {type === 'homework' ? <HomeworkSettingsForm school={school} homework={lesson} onSaved={saved} /> : null}
      {type === 'webinar' ? <WebinarSettingsForm school={school} webinar={lesson} onSaved={saved} /> : null}
    </div>
  );
}

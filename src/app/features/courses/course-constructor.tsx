import { commonMessages, coursesMessages, toApiError } from '#core';
import { useEffect, useState } from 'react';
import { LoadError } from '../../ui/load-error.tsx';
import { getOutline, type OutlineLesson, type Section } from './course-api.ts';
import { CourseOutline } from './course-outline.tsx';
import { LessonEditor } from './lesson-editor.tsx';

const t = coursesMessages;

/**
 * The `constructor` tab: the course's outline beside the editor of the lesson chosen in it. The
 * outline is read from the server at first and after every create or delete (the server numbers
 * each module 1..n); moves and renames change it here and are sent as they happen.
 */
export default function CourseConstructor({ school, courseId }: { school: string; courseId: number }) {
  const [sections, setSections] = useState<readonly Section[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<OutlineLesson | null>(null);

  async function reload() {
    try {
      const outline = await getOutline(school, courseId);
      setSections(outline.sections);
      setError(null);
    } catch (cause) {
      setError(toApiError(cause).message);
    }
  }

  useEffect(() => {
    setSections(null);
    setError(null);
    void reload();
  }, [school, courseId, attempt]);

  if (error && !sections) return <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!sections) return <p role="status">{commonMessages.loading}</p>;
  return (
    <div className="course-constructor">
      <CourseOutline
        school={school}
        courseId={courseId}
        sections={sections}
        onSections={setSections}
        reload={reload}
        selected={selected?.baselesson_ptr_id ?? null}
        onSelect={setSelected}
        onDeleted={(id) => setSelected((own) => (own?.baselesson_ptr_id === id ? null : own))}
      />
      <div className="editor-pane">
        {selected ? (
          <LessonEditor
            key={selected.baselesson_ptr_id}
            school={school}
            lesson={selected}
            onChanged={(id, changes) =>
              setSections((own) => own?.map((section) => ({ ...section, lessons: section.lessons.map((lesson) => (lesson.baselesson_ptr_id === id ? { ...lesson, ...changes } : lesson)) })) ?? own)
            }
          />
        ) : (
          <p className="muted editor-empty">{t.editorEmpty}</p>
        )}
      </div>
    </div>
  );
}

import { plural, catalogMessages } from '#core';
import { useEffect, useRef } from 'react';
import { AppealForm } from '../shared/appeal-form.tsx';
import { getPublic } from '../shared/public-client.ts';
import { ErrorState, Loading, NotFoundState } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetEmit } from '../shared/widget-types.ts';
import { courseDuration, coursePrice, type CourseDetail } from './catalog-data.ts';

const text = catalogMessages;

function isNotFound(error: { status: number; code: string }): boolean {
  return error.status === 404 || error.code === 'COURSE_NOT_FOUND';
}

/** The course preview inside the catalogue: GET course_catalog/{id}, a short program and the appeal form. */
export function CoursePreview({
  apiBase,
  courseId,
  emit,
  onBack,
}: {
  apiBase: string;
  courseId: number;
  emit?: WidgetEmit | undefined;
  onBack: () => void;
}) {
  const key = `course|${apiBase}|${courseId}`;
  const resource = useResource(key, () => getPublic<'GET course_catalog/{id}'>(apiBase, `course_catalog/${courseId}`) as Promise<CourseDetail>);
  const backRef = useRef<HTMLButtonElement>(null);

  // Opening the preview puts the keyboard at its start.
  useEffect(() => {
    backRef.current?.focus();
  }, [courseId]);

  const { status, error } = resource;
  useEffect(() => {
    if (status === 'error' && error) emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
  }, [status, error, emit]);

  const back = (
    <button ref={backRef} type="button" className="ch-button secondary back" part="button" onClick={onBack}>
      <span aria-hidden="true">← </span>
      {text.back}
    </button>
  );

  let body;
  if (resource.status === 'error') {
    body = isNotFound(resource.error) ? (
      <NotFoundState title={text.courseNotFound} hint={text.courseNotFoundHint} />
    ) : (
      <ErrorState message={resource.error.message} onRetry={resource.retry} />
    );
  } else if (resource.status !== 'ready') {
    body = <Loading text={text.previewLoading} />;
  } else {
    const { course, landing } = resource.data;
    const headerText = landing?.header?.visible === false ? '' : (landing?.header?.description ?? '').trim();
    const program = landing?.trainingProgram;
    const sections = program?.visible === false ? [] : [...(program?.sections ?? [])].sort((a, b) => a.order - b.order);
    const duration = courseDuration(course.duration_days);
    body = (
      <article className="preview-body">
        <h2 className="preview-title">{course.name}</h2>
        {headerText && headerText !== course.description ? <p className="preview-lead">{headerText}</p> : null}
        <dl className="preview-facts">
          <div>
            <dt>{text.price}</dt>
            <dd className="price" part="price">
              {coursePrice(course)}
            </dd>
          </div>
          {duration ? (
            <div>
              <dt>{text.duration}</dt>
              <dd>{duration}</dd>
            </div>
          ) : null}
          {course.school_title ? (
            <div>
              <dt>{text.school}</dt>
              <dd>{course.school_title}</dd>
            </div>
          ) : null}
        </dl>
        {/* The server's sanitised HTML (README, Decisions: rich text in public answers); the widget ships no sanitiser. */}
        {course.description_html ? <div className="preview-description" dangerouslySetInnerHTML={{ __html: course.description_html }} /> : null}
        {sections.length > 0 ? (
          <section className="program" aria-labelledby={`program-${courseId}`}>
            <h3 id={`program-${courseId}`}>{program?.title || text.program}</h3>
            <ol className="program-list">
              {sections.map((section) => (
                <li key={section.section_id}>
                  <span className="program-name">{section.name}</span>
                  <span className="program-count">{plural(section.lessons?.length ?? 0, text.lesson)}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <AppealForm apiBase={apiBase} courseId={course.course_id ?? courseId} emit={emit} />
      </article>
    );
  }

  return (
    <div className="preview" part="preview">
      {back}
      {body}
    </div>
  );
}

import { type ApiAnswer, type ChipsBlock, type FaqBlock, type HeaderBlock, type Landing, LINK_BUTTON_COLOR, type LandingEntry, landingWithDefaults, type LinkButtonBlock, type ListBlock, orderedBlocks, pluralForm, type ReviewsBlock, type StatsBlock, type TextBlock, type TrainingProgramBlock, landingMessages, formatMoney, toMinorUnits } from '#core';
import { useEffect, type ReactNode } from 'react';
import { AppealForm } from '../shared/appeal-form.tsx';
import { getPublic, resolveApiBase } from '../shared/public-client.ts';
import { ErrorState, Loading } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetHostProps } from '../shared/widget-types.ts';
import { schoolThemeStyle } from '../shared/school-theme.ts';
import type { WithLanding } from '../shared/landing-answer.ts';

export interface CourseLandingProps extends WidgetHostProps {
  /** The school's URL name. */
  school?: string | undefined;
  /** The course id. */
  courseId?: number | undefined;
  /** A landing to show as given, without asking the server: the app's constructor preview. */
  data?: LandingData | undefined;
}

/** GET {school}/course_landing/{id}/: the course, its landing and the school's colours. */
export type CourseLandingResponse = ApiAnswer<'GET {school}/course_landing/{id}/'>;
/** The course part the landing uses; the constructor's preview may know little more than its id and name. */
export type LandingCourse = Pick<CourseLandingResponse['course'], 'course_id' | 'name'> & Partial<CourseLandingResponse['course']>;
/** What the landing shows: the server's answer, or the blocks being edited in the constructor. */
export type LandingData = Omit<WithLanding<CourseLandingResponse>, 'course'> & { course: LandingCourse };

const t = landingMessages;

/**
 * A URL from landing data that is safe to link or load: http(s) only, so `javascript:`, `data:`
 * and the like never reach an href or a CSS url(). With `base`, a path such as '/uploads/a.jpg'
 * is read relative to the platform (uploads live there); without it, only absolute URLs pass.
 */
export function safeUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = base ? new URL(value.trim(), `${base}/`) : new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A URL inside CSS url("…"): the URL serializer already escapes quotes; this covers the rest. */
function cssUrl(href: string): string {
  return `url("${href.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;
}

interface Context {
  apiBase: string;
  course: LandingCourse;
  courseId: number;
  emit: CourseLandingProps['emit'];
}

/** The blocks to show: visible, in id order, minus a link button without a safe link. */
function shownBlocks(landing: Landing): LandingEntry[] {
  return orderedBlocks(landing).filter((entry) => entry.key !== 'linkButton' || safeUrl(entry.block.link) !== null);
}

/** A course landing built from its visible blocks, in order (spec §2 landing constructor). */
export function CourseLanding(props: CourseLandingProps) {
  const apiBase = resolveApiBase(props.apiBase);
  const school = props.school?.trim() ?? '';
  const courseId = typeof props.courseId === 'number' && Number.isInteger(props.courseId) && props.courseId > 0 ? props.courseId : null;
  const path = school && courseId !== null ? (`${encodeURIComponent(school)}/course_landing/${courseId}/` as const) : null;
  const resource = useResource(props.data ? null : path && `${apiBase}|${path}`, () => getPublic<'GET {school}/course_landing/{id}/'>(apiBase, path!) as Promise<LandingData>);

  const data = props.data ?? (resource.status === 'ready' ? resource.data : undefined);
  const landing = data ? landingWithDefaults(data.landing ?? {}) : null;
  const blocks = landing ? shownBlocks(landing) : [];
  const error = resource.status === 'error' ? resource.error : null;
  const emit = props.emit;

  useEffect(() => {
    if (data) emit?.('ch-ready', { blocks: blocks.length });
    // Once per answer: `data` changes only when a new one arrives.
  }, [data]);

  useEffect(() => {
    if (error) emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
  }, [error]);

  if (path === null) {
    return (
      <div className="ch-status" role="status">
        {t.noCourse}
      </div>
    );
  }
  if (error) {
    // A course that does not exist will not appear on a retry.
    if (error.status === 404) return <ErrorState message={t.notFound} />;
    return <ErrorState message={error.message} onRetry={resource.retry} />;
  }
  if (!data || courseId === null) return <Loading text={t.loading} />;

  const context: Context = { apiBase, course: data.course, courseId, emit };
  return <div className="landing" style={schoolThemeStyle(data.theme)}>{blocks.map((entry) => <Block key={entry.key} entry={entry} context={context} />)}</div>;
}

function Block({ entry, context }: { entry: LandingEntry; context: Context }): ReactNode {
  const { key, block } = entry;
  switch (block.content) {
    case 'header':
      return <Header block={block} context={context} />;
    case 'stats':
      return <Stats block={block} context={context} />;
    case 'chips':
      return <Chips name={key} block={block} context={context} />;
    case 'text':
      return <Text name={key} block={block} />;
    case 'list':
      return <List name={key} block={block} />;
    case 'faq':
      return <Faq block={block} />;
    case 'reviews':
      return <Reviews block={block} context={context} />;
    case 'program':
      return <Program block={block} />;
    case 'form':
      return (
        <section className="block consultation" part="block" data-block={key}>
          {block.description ? <p className="lead">{block.description}</p> : null}
          <AppealForm apiBase={context.apiBase} courseId={context.courseId} emit={context.emit} title={block.title || undefined} />
        </section>
      );
    case 'button':
      return <LinkButton block={block} />;
    default:
      return null;
  }
}

function Header({ block, context }: { block: HeaderBlock; context: Context }) {
  const photo = safeUrl(block.photoBackground, context.apiBase);
  const contact = safeUrl(block.contact_link);
  // Placeholder-free fallbacks: the course's own name and description.
  const name = String(block.name ?? '').trim() || context.course.name;
  const description = String(block.description ?? '').trim() || context.course.description;
  return (
    <header
      className={photo ? 'block header has-photo' : 'block header'}
      part="block header"
      data-block="header"
      // A photo from the data: set through the CSSOM (a style object), which a strict CSP allows.
      style={photo ? { backgroundImage: cssUrl(photo) } : undefined}
    >
      <h2 className="course-name">{name}</h2>
      {description ? <p className="text">{description}</p> : null}
      {typeof context.course.price === 'number' ? (
        <p className="course-price" part="price">
          {t.price}: {formatMoney(toMinorUnits(context.course.price, context.course.currency ?? ''), context.course.currency ?? '')}
        </p>
      ) : null}
      {contact ? (
        <a className="ch-button" part="button" href={contact} target="_blank" rel="noopener noreferrer">
          {t.contact}
        </a>
      ) : null}
    </header>
  );
}

function Stats({ block, context }: { block: StatsBlock; context: Context }) {
  const lessons = Math.max(0, Math.trunc(Number(block.lessonCount) || 0));
  const days = Math.max(0, Math.trunc(Number(context.course.duration_days) || 0));
  return (
    <section className="block stats" part="block" data-block="stats">
      {block.title ? <h3>{block.title}</h3> : null}
      <ul className="figures">
        <li>
          <strong>{lessons}</strong> {pluralForm(lessons, t.lesson)}
        </li>
        {days > 0 ? (
          <li>
            <strong>{days}</strong> {pluralForm(days, t.day)}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function Chips({ name, block, context }: { name: string; block: ChipsBlock; context: Context }) {
  return (
    <section className="block chips" part="block chips" data-block={name}>
      {block.title ? <h3>{block.title}</h3> : null}
      {block.description ? <p className="lead">{block.description}</p> : null}
      <ul className="chip-list">
        {(block.chips ?? []).map((chip, index) => {
          const photo = safeUrl(chip.photo, context.apiBase);
          return (
            <li key={index} className="chip">
              {photo ? <img src={photo} alt="" loading="lazy" /> : null}
              <h4>{chip.title}</h4>
              {chip.description ? <p>{chip.description}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Text({ name, block }: { name: string; block: TextBlock }) {
  return (
    <section className="block text-block" part="block" data-block={name}>
      {block.title ? <h3>{block.title}</h3> : null}
      <p className="text">{block.text}</p>
    </section>
  );
}

function List({ name, block }: { name: string; block: ListBlock }) {
  return (
    <section className="block list" part="block" data-block={name}>
      {block.title ? <h3>{block.title}</h3> : null}
      <ol className="points">
        {(block.items ?? []).map((item, index) => (
          <li key={index}>
            <h4>{item.title}</h4>
            {item.description ? <p>{item.description}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Faq({ block }: { block: FaqBlock }) {
  return (
    <section className="block faq" part="block" data-block="faq">
      {block.title ? <h3>{block.title}</h3> : null}
      {(block.items ?? []).map((item, index) => (
        <details key={index}>
          <summary>{item.question}</summary>
          <p className="text">{item.answer}</p>
        </details>
      ))}
    </section>
  );
}

function Reviews({ block, context }: { block: ReviewsBlock; context: Context }) {
  return (
    <section className="block reviews" part="block" data-block="reviews">
      {block.title ? <h3>{block.title}</h3> : null}
      <ul className="review-list">
        {(block.items ?? []).map((review, index) => {
          const avatar = safeUrl(review.avatar, context.apiBase);
          return (
            <li key={index}>
              <figure className="review">
                <blockquote className="text">{review.text}</blockquote>
                <figcaption>
                  {avatar ? <img className="avatar" src={avatar} alt="" loading="lazy" /> : null}
                  {review.name}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Program({ block }: { block: TrainingProgramBlock }) {
  const sections = [...(block.sections ?? [])].sort((a, b) => a.order - b.order);
  return (
    <section className="block program" part="block program" data-block="trainingProgram">
      {block.title ? <h3>{block.title}</h3> : null}
      {sections.length === 0 ? <p className="lead">{t.programEmpty}</p> : null}
      {sections.map((section, index) => {
        const lessons = section.lessons ?? [];
        return (
          <details key={section.section_id} open={index === 0}>
            <summary>
              <span className="section-name">{section.name}</span>{' '}
              <span className="count">
                {lessons.length} {pluralForm(lessons.length, t.lesson)}
              </span>
            </summary>
            <ol className="lessons">
              {lessons.map((lesson, i) => (
                <li key={lesson.lesson_id ?? i}>{lesson.name}</li>
              ))}
            </ol>
          </details>
        );
      })}
    </section>
  );
}

function LinkButton({ block }: { block: LinkButtonBlock }) {
  // shownBlocks dropped the block when its link is not http(s).
  const href = safeUrl(block.link)!;
  return (
    <section className="block link-button" part="block" data-block="linkButton">
      <a className="ch-button" part="button" href={href} style={{ backgroundColor: block.color || LINK_BUTTON_COLOR }}>
        {block.name}
      </a>
    </section>
  );
}

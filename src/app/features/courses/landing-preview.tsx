import { coursesMessages, type Landing } from '#core';
import { useEffect, useState } from 'react';
import { CourseLanding, type LandingCourse } from '../../../views/course-landing/course-landing.tsx';
import { courseLandingStyles } from '../../../views/course-landing/course-landing.styles.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';

const t = coursesMessages.landing;

/** How long typing may pause before the preview catches up. */
export const PREVIEW_MS = 300;

/**
 * The landing as visitors will see it: the `<ch-course-landing>` widget's own component and
 * stylesheet in a shadow root, fed the edited blocks (no request), a moment after the last change.
 * Inert: its links and request form are a picture here, not something to follow or send.
 */
export function LandingPreview({ school, course, landing }: { school: string; course: LandingCourse; landing: Landing }) {
  const [shown, setShown] = useState(landing);
  useEffect(() => {
    const timer = setTimeout(() => setShown(landing), PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [landing]);
  return (
    <section className="landing-preview" aria-label={t.preview} tabIndex={0}>
      <p className="landing-preview-note">{t.previewNote}</p>
      <div inert>
        <WidgetFrame css={courseLandingStyles}>
          <CourseLanding school={school} courseId={course.course_id} data={{ course, landing: shown }} />
        </WidgetFrame>
      </div>
    </section>
  );
}

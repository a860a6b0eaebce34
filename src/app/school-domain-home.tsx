import { Path, schoolDomainMessages } from '#core';
import { CourseCatalog } from '../views/course-catalog/course-catalog.tsx';
import { courseCatalogStyles } from '../views/course-catalog/course-catalog.styles.ts';
import type { HostSchool } from './school-domain-host.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { WidgetFrame } from './ui/widget-frame.tsx';

/**
 * The first page on a school's own domain: the school's name, sign-in, and its courses (the
 * catalogue widget's component, only this school's). Loaded only there, so the platform's landing
 * page carries none of it.
 */
export default function SchoolDomainHome({ school }: { school: HostSchool }) {
  useDocumentTitle(school.title);
  return (
    <main className="public-page school-domain-home">
      <h1>{school.title}</h1>
      <div className="actions">
        <a className="button primary" href={Path.login}>
          {schoolDomainMessages.schoolHomeSignIn}
        </a>
      </div>
      <h2>{schoolDomainMessages.schoolHomeCatalog}</h2>
      <WidgetFrame css={courseCatalogStyles}>
        <CourseCatalog apiBase="" school={school.name} />
      </WidgetFrame>
    </main>
  );
}

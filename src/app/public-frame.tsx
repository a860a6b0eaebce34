import { $user, DEFAULT_SCHOOL, Path, publicFrameMessages, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { SkipLink } from './ui/skip-link.tsx';

const t = publicFrameMessages;

const FOOTER_LINKS: readonly (readonly [string, string])[] = [
  [t.catalog, Path.catalog],
  [t.tariffs, Path.tariffPlansInfo],
  [t.help, Path.help],
  [t.offer, schoolPath(DEFAULT_SCHOOL, 'publicOfferAgreement')],
  [t.privacy, schoolPath(DEFAULT_SCHOOL, 'personalDataTreatmentPolicy')],
  [t.consent, schoolPath(DEFAULT_SCHOOL, 'personalDataProcessing')],
  [t.cookies, schoolPath(DEFAULT_SCHOOL, 'cookiePolicy')],
];

/** The current page's link is marked for screen readers (and styled by it). */
function current(href: string, path: string): 'page' | undefined {
  return href.replace(/\/$/, '') === path.replace(/\/$/, '') ? 'page' : undefined;
}

/**
 * The header and footer of every public page (landing, sign-in, catalogue, help, legal…): the way
 * home, to sign in or create a school, and to the documents. The school area has its own layout.
 * Kept to plain links: it ships with the first script of every public page.
 */
export function PublicFrame({ path, children }: { path: string; children: ReactNode }) {
  const { auth } = useStore($user);
  return (
    <div className="public-frame">
      <SkipLink />
      <header className="public-header">
        <a className="brand" href={Path.initial} aria-label={t.home} aria-current={current(Path.initial, path)}>
          CourseHub
        </a>
        <nav aria-label={t.account}>
          <ul className="public-account">
            <li>
              {auth ? (
                <a className="button secondary small" href={Path.chooseSchool} aria-current={current(Path.chooseSchool, path)}>
                  {t.mySchools}
                </a>
              ) : (
                <a className="button secondary small" href={Path.login} aria-current={current(Path.login, path)}>
                  {t.login}
                </a>
              )}
            </li>
            <li>
              <a className="button primary small" href={Path.createSchool} aria-current={current(Path.createSchool, path)}>
                {t.createSchool}
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <div className="public-content">{children}</div>
      <footer className="public-footer">
        <nav aria-label={t.footer}>
          <ul>
            {FOOTER_LINKS.map(([label, href]) => (
              <li key={href}>
                <a href={href} aria-current={current(href, path)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="muted">{t.about}</p>
      </footer>
    </div>
  );
}

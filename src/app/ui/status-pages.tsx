import { appMessages, commonMessages, Path } from '#core';

export function NotFoundPage() {
  const t = appMessages.notFound;
  return (
    <section className="status-page">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <a className="button primary" href={Path.initial}>
        {t.home}
      </a>
    </section>
  );
}

export function AccessDeniedPage() {
  const t = appMessages.accessDenied;
  return (
    <section className="status-page">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <a className="button primary" href={Path.chooseSchool}>
        {appMessages.chooseSchool.title}
      </a>
    </section>
  );
}

export function TechnicalWorksPage() {
  return (
    <section className="status-page">
      <h1>{appMessages.technicalWorks.title}</h1>
      <p>{commonMessages.technicalWorks}</p>
    </section>
  );
}

/** A section of the school area whose screens are not part of the product yet. */
export function SectionSoonPage({ title }: { title: string }) {
  return (
    <section className="status-page">
      <h1>{title}</h1>
      <p>{appMessages.sectionSoon}</p>
    </section>
  );
}

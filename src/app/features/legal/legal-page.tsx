import { pageTitles } from '#core';
import { useDocumentTitle } from '../../use-document-title.ts';
import { LEGAL_EDITION, getLegalDocument, isOwnSchool } from './legal-texts.ts';

/** A legal document or the app installation guide (spec §2 static pages), by route name. */
export default function LegalPage({ page, school }: { page: string; school?: string | undefined }) {
  const doc = getLegalDocument(page, school);
  useDocumentTitle(doc ? doc.title : pageTitles.documentNotFound);
  if (!doc) {
    return (
      <main className="doc-page legal-missing">
        <h1>Документ не найден</h1>
        <p>Такого документа нет: возможно, ссылка устарела или в адресе опечатка.</p>
        <p>
          <a href="/">На главную</a>
        </p>
      </main>
    );
  }
  return (
    <main className="doc-page legal-page">
      <article>
        <h1>{doc.title}</h1>
        <p className="doc-meta">{LEGAL_EDITION}</p>
        {isOwnSchool(school) && <p className="doc-meta">Школа «{school.trim()}»</p>}
        <p className="doc-lead">{doc.intro}</p>
        {doc.sections.map((section, i) => (
          <section key={section.heading} className="doc-section">
            <h2>
              {i + 1}. {section.heading}
            </h2>
            <ol className="legal-clauses">
              {section.clauses.map((clause, j) => (
                <li key={clause}>
                  <span className="legal-num">
                    {i + 1}.{j + 1}.
                  </span>{' '}
                  {clause}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </article>
    </main>
  );
}

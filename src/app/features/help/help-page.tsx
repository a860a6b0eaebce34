import { pageTitles } from '#core';
import { useId, useState } from 'react';
import { useDocumentTitle } from '../../use-document-title.ts';
import { HELP_PAGES, filterHelpPages, findHelpPage } from './help-pages.ts';
import type { HelpPageData } from './help-pages.ts';

const HELP_ROOT = '/help';
const helpHref = (slug: string) => `${HELP_ROOT}/${slug}`;

/** The help centre (spec §2): the index with a search box, one article, or a not-found notice. */
export default function HelpPage({ page }: { page?: string | undefined }) {
  if (!page) return <HelpIndex />;
  const article = findHelpPage(page);
  return article ? <HelpArticle article={article} /> : <HelpNotFound />;
}

function HelpIndex() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const found = filterHelpPages(query);
  return (
    <main className="doc-page help-index">
      <h1>Центр помощи</h1>
      <p className="doc-lead">Пошаговые инструкции для владельцев школ, администраторов, преподавателей и учеников CourseHub.</p>
      <div className="help-search" role="search">
        <label htmlFor={searchId}>Поиск по статьям</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="Например, домашние задания"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {found.length > 0 ? (
        <ul className="help-cards">
          {found.map((item) => (
            <li key={item.slug} className="help-card">
              <a href={helpHref(item.slug)}>
                <span className="help-card-title">{item.title}</span>
                <span className="help-card-summary">{item.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="help-empty" role="status">
          По запросу «{query.trim()}» ничего не найдено. Попробуйте другое слово или посмотрите все статьи, очистив поиск.
        </p>
      )}
    </main>
  );
}

function HelpArticle({ article }: { article: HelpPageData }) {
  useDocumentTitle(article.title);
  const others = HELP_PAGES.filter((item) => item.slug !== article.slug);
  return (
    <main className="doc-page help-article">
      <nav className="doc-breadcrumb" aria-label="Навигация">
        <a href={HELP_ROOT}>Центр помощи</a>
        <span aria-hidden="true">→</span>
        <span aria-current="page">{article.title}</span>
      </nav>
      <article>
        <h1>{article.title}</h1>
        <p className="doc-lead">{article.summary}</p>
        {article.sections.map((section) => (
          <section key={section.heading} className="doc-section">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {section.steps && section.steps.length > 0 && (
              <ol className="doc-steps">
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </article>
      <nav className="help-others" aria-labelledby="help-others-title">
        <h2 id="help-others-title">Другие статьи</h2>
        <ul>
          {others.map((item) => (
            <li key={item.slug}>
              <a href={helpHref(item.slug)}>{item.title}</a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

function HelpNotFound() {
  useDocumentTitle(pageTitles.helpNotFound);
  return (
    <main className="doc-page help-missing">
      <h1>Статья не найдена</h1>
      <p>Такой статьи в центре помощи нет: возможно, ссылка устарела или в адресе опечатка.</p>
      <p>
        <a href={HELP_ROOT}>Перейти в центр помощи</a> — там собраны все инструкции и есть поиск.
      </p>
    </main>
  );
}

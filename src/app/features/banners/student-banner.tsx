import { bannerMessages } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { acceptBanner, clickBanner, getCurrentBanner } from './banners-api.ts';

const t = bannerMessages;
const HTTP = /^https?:\/\//i;

/**
 * The school's active banner for the student's groups, above «Мои курсы» (spec: banner, accept):
 * its title, description and «Подробнее» (the click is recorded by its own request), and
 * «Понятно», which hides it for good. Nothing while it loads, when there is none, or on a failure.
 */
export function StudentBanner({ school }: { school: string }) {
  const current = useResource(`${school}/banners/current`, () => getCurrentBanner(school));
  const [hidden, setHidden] = useState(false);
  const banner = current.data;
  if (!banner || hidden) return null;

  function accept(id: number) {
    // Hidden at once; a failed request only means it shows again next time.
    setHidden(true);
    acceptBanner(school, id).catch(() => undefined);
  }

  return (
    <aside className="student-banner" aria-label={t.regionLabel}>
      <h2>{banner.title}</h2>
      {banner.description ? <p>{banner.description}</p> : null}
      <div className="student-banner-actions">
        {HTTP.test(banner.link) ? (
          <a className="button secondary small" href={banner.link} target="_blank" rel="noopener noreferrer" onClick={() => void clickBanner(school, banner.id).catch(() => undefined)}>
            {t.open}
          </a>
        ) : null}
        <button type="button" className="button primary small" onClick={() => accept(banner.id)}>
          {t.accept}
        </button>
      </div>
    </aside>
  );
}

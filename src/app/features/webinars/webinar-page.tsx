import { Path, pageTitles, publicFrameMessages } from '#core';
import { useCallback, useState } from 'react';
import type { WidgetEmit } from '../../../views/shared/widget-types.ts';
import { Webinar } from '../../../views/webinar/webinar.tsx';
import { webinarStyles } from '../../../views/webinar/webinar.styles.ts';
import { useDocumentTitle } from '../../use-document-title.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';
import { isNotFoundError } from '../../ui/widget-not-found.ts';

/**
 * The public webinar page (/webinar/{slug}), the webinar widget's component. An unknown slug: the
 * widget says 'Вебинар не найден', the tab too, and the page offers the way on.
 */
export default function WebinarPage({ slug }: { slug: string }) {
  const [missing, setMissing] = useState(false);
  useDocumentTitle(missing ? pageTitles.webinarNotFound : null);
  const emit = useCallback<WidgetEmit>((name, detail) => {
    if (name === 'ch-error') setMissing(isNotFoundError(detail));
    else if (name === 'ch-ready') setMissing(false);
  }, []);
  return (
    <main className="public-page">
      <WidgetFrame css={webinarStyles}>
        <Webinar apiBase="" slug={slug} emit={emit} />
      </WidgetFrame>
      {missing ? (
        <p className="public-page-actions">
          <a className="button primary" href={Path.initial}>
            {publicFrameMessages.toHome}
          </a>
          <a className="button secondary" href={Path.catalog}>
            {publicFrameMessages.catalog}
          </a>
        </p>
      ) : null}
    </main>
  );
}

import { Webinar } from '../../widgets/webinar/webinar.tsx';
import { webinarStyles } from '../../widgets/webinar/webinar.styles.ts';
import { WidgetFrame } from '../widget-frame.tsx';

/** The public webinar page (/webinar/{slug}), the webinar widget's component. */
export default function WebinarPage({ slug }: { slug: string }) {
  return (
    <main className="public-page">
      <WidgetFrame css={webinarStyles}>
        <Webinar apiBase="" slug={slug} />
      </WidgetFrame>
    </main>
  );
}

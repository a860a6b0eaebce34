import { Certificate } from '../../../views/certificate/certificate.tsx';
import { certificateStyles } from '../../../views/certificate/certificate.styles.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';

/** A certificate (/certificate/{certLink}) or its preview with sample data, the certificate widget's component. */
export default function CertificatePage({ certLink, preview = false }: { certLink?: string; preview?: boolean }) {
  return (
    <main className="public-page">
      <WidgetFrame css={certificateStyles}>
        <Certificate apiBase="" certLink={certLink} preview={preview} />
      </WidgetFrame>
    </main>
  );
}

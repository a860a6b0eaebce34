// The public certificate and its preview, reusing the certificate widget's component.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const CertificatePage = lazyPage(() => import('./certificate-page.tsx'));

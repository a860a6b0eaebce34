// The legal pages (offer, privacy policy and the rest), open to everyone.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const LegalPage = lazyPage(() => import('./legal-page.tsx'));

// The installable web app: the install page, the manifest and icons, the service worker.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const PwaPage = lazyPage(() => import('./pwa-page.tsx'));
export { registerServiceWorker } from './register-service-worker.ts';

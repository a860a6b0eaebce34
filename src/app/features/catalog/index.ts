// The public course catalogue and a course's landing, reusing the catalogue widget's component.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const CatalogPage = lazyPage(() => import('./catalog-page.tsx'));

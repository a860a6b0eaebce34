// Platform plans: the public tariffs, the school's plan page with the subscription modal, invoices.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const TariffInfoPage = lazyPage(() => import('./tariff-info-page.tsx'));
export const TariffPlansPage = lazyPage(() => import('./tariff-plans-page.tsx'));
export const InvoicePage = lazyPage(() => import('./invoice-page.tsx'));

// The school's own sales settings (issue 14): the settings tab `promo` with its promo codes and,
// below them, «Реквизиты для счетов». The shell and other features use this feature through this
// file only; the tab loads on demand.
import { lazyPage } from '../../lazy-page.ts';

export const PromoSettingsTab = lazyPage(() => import('./promo-page.tsx'));

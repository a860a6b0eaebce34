// The school's own course sales (issue 14): the settings tab `payment-methods` (with the school's
// course orders) and «Купить» on a catalogue course's page. The shell and other features use this
// feature through this file only; both load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const PaymentMethodsSettingsTab = lazyPage(() => import('./payment-methods-tab.tsx'));
export const CoursePurchase = lazyPage(() => import('./course-purchase.tsx'));

// The school's email newsletter: the settings tab «Email-рассылка» (templates) and the public page
// of a mail's unsubscribe link. The shell and other features use this feature through this file
// only; the pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const NewsletterSettingsTab = lazyPage<{ school: string }>(() => import('./newsletter-settings-tab.tsx'));
export const UnsubscribePage = lazyPage<{ token: string }>(() => import('./unsubscribe-page.tsx'));

// The school's request log (issue 14): the admin's «Журнал доступа» (`access-logs`) and the super
// admin's settings tab «Журнал запросов» (`settings/logs`). The shell and other features use this
// feature through this file only; the pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const AccessLogsPage = lazyPage(() => import('./access-logs-page.tsx'));
export const AccessLogsTab = lazyPage(() => import('./access-logs-tab.tsx'));

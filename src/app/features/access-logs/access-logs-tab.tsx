import { appMessages } from '#core';
import { AccessLogs } from './access-logs-page.tsx';

/** The super admin's settings tab «Журнал запросов» (`settings/logs`): the same log as the admin's. */
export default function AccessLogsTab({ school }: { school: string }) {
  return <AccessLogs school={school} title={appMessages.settings.tabs.logs ?? appMessages.routes['access-logs']} />;
}

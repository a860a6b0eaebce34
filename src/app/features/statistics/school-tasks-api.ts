// The admin's onboarding checklist (spec §3 schoolTasks; docs: the statistics contract,
// school_tasks/): seven first steps, derived by the server from the school's data.
import { apiCall } from '#core';
import { appSession } from '../../app-session.ts';

export const getSchoolTasks = (school: string) => apiCall(appSession().api, 'GET {school}/school_tasks/', { path: { school } });

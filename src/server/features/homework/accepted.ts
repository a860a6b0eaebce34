import { ACCEPTED_HOMEWORK_STATUSES } from '#core/homework-status';
import { notInArray, type SQL } from 'drizzle-orm';
import { userHomeworks } from './tables.ts';

/**
 * A hand-in still open: neither accepted by its teacher nor by the automatic check, as a condition
 * on user_homeworks (the conditional updates that keep a finished thread closed use it).
 */
export const notAccepted = (): SQL => notInArray(userHomeworks.status, [...ACCEPTED_HOMEWORK_STATUSES]);

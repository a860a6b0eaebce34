import type { App } from '../../context.ts';

/** The school's students table (contract: schools/{id}/stats/) and its export (all_stats/). */
export async function studentStatsRoutes(app: App): Promise<void> {
  void app;
}

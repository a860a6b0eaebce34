import type { App } from '../../context.ts';

/** The students table's columns per school and user (students_table_info/) and the school's table settings. */
export async function studentsTableSettingsRoutes(app: App): Promise<void> {
  void app;
}

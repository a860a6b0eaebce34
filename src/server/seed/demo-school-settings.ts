import type { Db } from '../shared/db/database.ts';
import { schoolBranding } from '../features/schools/index.ts';

/** The demo school's colours and legal details (settings «Оформление» and «Паспорт»). */
export const DEMO_SCHOOL_BRANDING = {
  accentColor: '#7c4dff',
  accentTextColor: '#ffffff',
  fullOrganizationName: 'ООО «КурсХаб»',
  taxId: '192000000',
  address: '220030, г. Минск, ул. Примерная, д. 1, офис 10',
  email: 'info@coursehub.ru',
  phone: '+375 29 000-00-00',
} as const;

/** Writes them; no logo, stamp or signature (they are pictures the admin uploads). */
export async function seedDemoSchoolSettings(tx: Db, demo: { schoolId: number; now: Date }): Promise<void> {
  await tx.insert(schoolBranding).values({ ...DEMO_SCHOOL_BRANDING, schoolId: demo.schoolId, updatedAt: demo.now });
}

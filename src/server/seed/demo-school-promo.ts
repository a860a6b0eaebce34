import type { Db } from '../shared/db/database.ts';
import { schoolInvoiceSettings, schoolPromoCodes } from '../features/school-promo/index.ts';

/** The demo school's own promo code for its courses: 10 % off any of them. */
export const DEMO_SCHOOL_PROMO = { code: 'COURSE10', kind: 'percent', value: 10 } as const;

/**
 * The demo school's sales settings, shown on its `promo` settings tab: the promo code COURSE10
 * (10 % off every course, no end, no limit) and one default set of invoice details.
 */
export async function seedDemoSchoolPromo(tx: Db, demo: { schoolId: number; now: Date }): Promise<void> {
  await tx.insert(schoolPromoCodes).values({ ...DEMO_SCHOOL_PROMO, schoolId: demo.schoolId, currency: 'BYN', createdAt: demo.now, updatedAt: demo.now });
  await tx.insert(schoolInvoiceSettings).values({
    schoolId: demo.schoolId,
    organizationName: 'ООО «КурсХаб»',
    taxId: '192000000',
    address: '220030, г. Минск, ул. Примерная, д. 1, офис 10',
    bankName: 'ОАО «Демо-банк»',
    bankCode: 'DEMOBY2X',
    bankAccount: 'BY00 DEMO 3012 0000 0000 0000 0000',
    email: 'billing@coursehub.ru',
    phone: '+375 29 000-00-00',
    footerText: 'Счёт действителен 5 банковских дней. Демонстрационные реквизиты.',
    isDefault: true,
    createdAt: demo.now,
    updatedAt: demo.now,
  });
}

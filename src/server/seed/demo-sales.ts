import type { Db } from '../shared/db/database.ts';
import { schoolPaymentMethods } from '../features/sales/index.ts';

/**
 * The demo school sells its priced catalogue courses (Python, web design) through a sandbox payment
 * method (settings «Способы оплаты»): «Купить» on the course's catalogue page leads to the local
 * test payment page, and paying there grants the buyer the course (demo mode only).
 */
export async function seedDemoSales(tx: Db, demo: { schoolId: number; now: Date }): Promise<void> {
  await tx.insert(schoolPaymentMethods).values({
    schoolId: demo.schoolId,
    provider: 'sandbox',
    name: 'Тестовая оплата',
    accountNo: 'demo-shop',
    createdAt: demo.now,
    updatedAt: demo.now,
  });
}

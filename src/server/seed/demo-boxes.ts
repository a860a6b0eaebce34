import { boxPrizes, schoolBoxes, schoolPrizes, userBoxes } from '../features/gamification/index.ts';
import type { Db } from '../shared/db/database.ts';

/**
 * The demo boxes: «Коробка знаний» (5.00 BYN, one plus one in gift) with two prizes — a
 * consultation (25 %) and a discount guaranteed every third opening (10 %) — and two unopened
 * boxes for the demo student, so «Открыть» and «Купить» work at once on their «Бонусы».
 */
export async function seedDemoBoxes(tx: Db, demo: { schoolId: number; studentId: number; now: Date }): Promise<void> {
  const { schoolId, studentId, now } = demo;
  const [box] = await tx
    .insert(schoolBoxes)
    .values({ schoolId, name: 'Коробка знаний', price: 500, quantity: 1, bonusQuantity: 1, createdAt: now, updatedAt: now })
    .returning({ id: schoolBoxes.id });
  const prizes = await tx
    .insert(schoolPrizes)
    .values([
      { schoolId, name: 'Консультация с преподавателем', dropChanceBp: 2500, createdAt: now, updatedAt: now },
      { schoolId, name: 'Скидка 10 % на следующий курс', dropChanceBp: 1000, guaranteedBoxCount: 3, createdAt: now, updatedAt: now },
    ])
    .returning({ id: schoolPrizes.id });
  await tx.insert(boxPrizes).values(prizes.map((prize) => ({ boxId: box!.id, prizeId: prize.id })));
  await tx.insert(userBoxes).values({ schoolId, userId: studentId, boxId: box!.id, unopenedCount: 2, createdAt: now, updatedAt: now });
}

import type { Db } from '../shared/db/database.ts';
import { bannerGroups, banners } from '../features/banners/index.ts';
import { invitesProgramGroups, invitesPrograms } from '../features/invites-program/index.ts';

export const DEMO_BANNER_TITLE = 'Новый поток «Python с нуля» — 1 декабря';
export const DEMO_INVITE_LINK = 'https://coursehub.ru/invite/coursehub';

/**
 * The demo school's banner and invites programme: an active banner for the demo student's groups
 * (shown above «Мои курсы» until «Понятно»), an older one switched off, and an active invites
 * programme for the same groups (shown on «Бонусы»).
 */
export async function seedDemoBanners(tx: Db, demo: { schoolId: number; groupIds: readonly number[]; now: Date }): Promise<void> {
  const { schoolId, groupIds, now } = demo;
  const rows = await tx
    .insert(banners)
    .values([
      {
        schoolId,
        title: 'Летний интенсив по веб-дизайну',
        description: 'Две недели практики с наставником. Набор закрыт.',
        link: '',
        isActive: false,
        createdAt: new Date(now.getTime() - 60 * 24 * 3_600_000),
        updatedAt: now,
      },
      {
        schoolId,
        title: DEMO_BANNER_TITLE,
        description: 'Пригласите друга: за каждого друга, который начнёт учиться, — неделя доступа в подарок.',
        link: 'https://coursehub.ru/',
        isActive: true,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: banners.id });
  await tx.insert(bannerGroups).values(rows.flatMap((row) => groupIds.map((groupId) => ({ bannerId: row.id, groupId }))));
  const [program] = await tx.insert(invitesPrograms).values({ schoolId, isActive: true, link: DEMO_INVITE_LINK, createdAt: now, updatedAt: now }).returning({ id: invitesPrograms.id });
  await tx.insert(invitesProgramGroups).values(groupIds.map((groupId) => ({ programId: program!.id, groupId })));
}

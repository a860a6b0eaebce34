import { schoolMembers, users } from '../shared/db/core-tables.ts';
import type { Db } from '../shared/db/database.ts';
import { studentsGroupHistory, studentsGroupMembers, studentsGroups } from '../features/groups/index.ts';
import { userHomeworkChecks, userHomeworks, type HomeworkStatus } from '../features/homework/index.ts';
import { lessonProgress } from '../features/learning/index.ts';

const HOUR = 3_600_000;
/** When each of the five joined (days ago, in their order): spread over recent months, for the statistics' chart of new students. */
const JOINED_DAYS_AGO = [14, 40, 70, 100, 130];

/**
 * The demo teacher's review queue: a second group of theirs, on «Английский для IT», whose five
 * students (accounts without a password: they cannot sign in) handed in its homework and are at
 * different points of the check — waiting, answered again after a revision, sent back, rejected,
 * accepted. The demo student and the first group are left as they are.
 */
const DEMO_HAND_INS: { first: string; last: string; hoursAgo: number; text: string; thread: { by: 'student' | 'teacher'; text: string; status: HomeworkStatus; mark?: number; hoursAgo: number }[] }[] = [
  {
    first: 'Мария',
    last: 'Иванова',
    hoursAgo: 2,
    text: 'Hello Alex, could you review my pull request today? It fixes the login form. Thanks, Maria',
    thread: [],
  },
  {
    first: 'Игорь',
    last: 'Смирнов',
    hoursAgo: 50,
    text: 'Hi team, I will be late for the stand-up tomorrow.',
    thread: [
      { by: 'teacher', text: 'Добавьте причину и что вы успеете сделать до встречи.', status: 'revision', mark: 3, hoursAgo: 30 },
      { by: 'student', text: 'Hi team, I will be 15 minutes late for the stand-up tomorrow: I have a doctor’s appointment. My task is ready for review.', status: 'pending', hoursAgo: 5 },
    ],
  },
  {
    first: 'Ольга',
    last: 'Кузнецова',
    hoursAgo: 26,
    text: 'Dear colleague, please send me the documentation.',
    thread: [{ by: 'teacher', text: 'Уточните, какая документация нужна и к какому сроку.', status: 'revision', mark: 3, hoursAgo: 20 }],
  },
  {
    first: 'Дмитрий',
    last: 'Попов',
    hoursAgo: 74,
    text: 'привет, скинь доки',
    thread: [{ by: 'teacher', text: 'Письмо должно быть на английском и в деловом стиле.', status: 'rejected', mark: 1, hoursAgo: 70 }],
  },
  {
    first: 'Екатерина',
    last: 'Соколова',
    hoursAgo: 98,
    text: 'Hi Sam, thank you for the quick fix yesterday. The release went smoothly. Best regards, Kate',
    thread: [{ by: 'teacher', text: 'Отличное письмо: вежливо и по делу.', status: 'accepted', mark: 5, hoursAgo: 96 }],
  },
];

export async function seedDemoHomework(
  tx: Db,
  demo: { schoolId: number; courseId: number; lessonIds: number[]; homeworkId: number; teacherId: number; now: Date },
): Promise<void> {
  const { schoolId, courseId, lessonIds, homeworkId, teacherId, now } = demo;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const [group] = await tx
    .insert(studentsGroups)
    .values({ schoolId, courseId, teacherId, name: 'Английский для IT — поток 1', createdAt: at(24 * 150), updatedAt: at(24 * 150) })
    .returning({ id: studentsGroups.id });
  const groupId = group!.id;
  const students = await tx
    .insert(users)
    .values(DEMO_HAND_INS.map(({ first, last }, i) => ({ email: `demo-student-${i + 1}@coursehub.ru`, firstName: first, lastName: last, emailVerified: true })))
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(students.map((s) => [s.email, s.id]));
  for (const [i, handIn] of DEMO_HAND_INS.entries()) {
    const userId = idOf.get(`demo-student-${i + 1}@coursehub.ru`);
    // An address taken already (an older demo database) leaves that student out.
    if (userId === undefined) continue;
    const last = handIn.thread.at(-1);
    const status = last?.status ?? 'pending';
    const joined = at(24 * JOINED_DAYS_AGO[i]!);
    await tx.insert(schoolMembers).values({ schoolId, userId, role: 'Student', createdAt: joined });
    await tx.insert(studentsGroupMembers).values({ groupId, userId, courseId, accessFrom: joined, createdAt: joined, finishedAt: status === 'accepted' ? at(last!.hoursAgo) : null });
    await tx.insert(studentsGroupHistory).values({ groupId, userId, addedAt: joined });
    // The lessons before the homework read, the homework handed in (and completed once accepted).
    await tx.insert(lessonProgress).values(
      lessonIds.map((lessonId) =>
        lessonId === homeworkId
          ? { userId, lessonId, courseId, viewedAt: at(handIn.hoursAgo), submittedAt: at(handIn.hoursAgo), completedAt: status === 'accepted' ? at(last!.hoursAgo) : null }
          : { userId, lessonId, courseId, viewedAt: at(handIn.hoursAgo + 1), completedAt: at(handIn.hoursAgo + 1) },
      ),
    );
    const [row] = await tx
      .insert(userHomeworks)
      .values({
        schoolId,
        homeworkId,
        courseId,
        userId,
        groupId,
        teacherId,
        text: handIn.text,
        status,
        mark: [...handIn.thread].reverse().find((m) => m.mark !== undefined)?.mark ?? null,
        lastReplyAt: at(last?.hoursAgo ?? handIn.hoursAgo),
        createdAt: at(handIn.hoursAgo),
        updatedAt: at(last?.hoursAgo ?? handIn.hoursAgo),
      })
      .returning({ id: userHomeworks.id });
    await tx.insert(userHomeworkChecks).values([
      { userHomeworkId: row!.id, authorId: userId, text: handIn.text, status: 'pending' as const, createdAt: at(handIn.hoursAgo), updatedAt: at(handIn.hoursAgo) },
      ...handIn.thread.map((m) => ({
        userHomeworkId: row!.id,
        authorId: m.by === 'student' ? userId : teacherId,
        text: m.text,
        status: m.status,
        mark: m.mark ?? null,
        createdAt: at(m.hoursAgo),
        updatedAt: at(m.hoursAgo),
      })),
    ]);
  }
}

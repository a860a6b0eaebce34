import { $user, appMessages, canOpenSchoolRoute, matchesRoute, ROLE_HOME, ROLE_ROUTES, routeParams, routeRole, SCHOOL_STATIC_PAGES, schoolPath, type RouteRole } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, type ComponentType } from 'react';
import { AccessLogsPage } from './features/access-logs/index.ts';
import { AppealsPage } from './features/appeals/index.ts';
import { BonusesPage } from './features/bonuses/index.ts';
import { ChatPage } from './features/chat/index.ts';
import { CourseEditorPage, CoursesPage } from './features/courses/index.ts';
import { GroupPage, GroupsPage } from './features/groups/index.ts';
import { HelpPage } from './features/help/index.ts';
import { HomeworkCheckPage, HomeworkQueuePage } from './features/homework-review/index.ts';
import { LegalPage } from './features/legal/index.ts';
import { LessonPage, StudentCoursePage, StudentCoursesPage } from './features/learning/index.ts';
import { MeetingsPage } from './features/meetings/index.ts';
import { ProfilePage } from './features/accounts/index.ts';
import { PwaPage } from './features/pwa/index.ts';
import { RatingPage } from './features/rating/index.ts';
import { SettingsPage } from './features/settings/index.ts';
import { CourseStudentsStatsPage, CoursesStatsPage, StudentStatsPage } from './features/statistics/index.ts';
import { TariffPlansPage } from './features/tariffs/index.ts';
import { WebinarsAdminPage } from './features/webinars-admin/index.ts';
import { PageLoading } from './page-boundary.tsx';
import { $router } from './router.ts';

/** What a screen of the school area is given: the school's URL name, its child path and the path's ':name' values. */
export interface ScreenProps {
  school: string;
  path: string;
  params: Readonly<Record<string, string>>;
}

type Screen = ComponentType<ScreenProps>;

/** An index path (core's indexRedirect): the guard opens its first tab before anything shows. */
const Index: Screen = () => <PageLoading />;

const Legal: Screen = ({ school, path }) => <LegalPage page={path} school={school} />;

/** The chat list and an open chat are one screen: opening another chat keeps the list as it is. */
const Chat: Screen = ({ school, params }) => <ChatPage school={school} chatId={params.chat_id ?? null} />;

/**
 * Every child route of /school/{school}/, in one place: its pattern and its screen. Who may open
 * it is core's ROLE_ROUTES (spec §2), which the menu, the guard and this table all read; a test
 * holds the two together. Adding a screen is one line here; a route without one says so below.
 */
export const SCHOOL_SCREENS: readonly (readonly [pattern: string, screen: Screen])[] = [
  ['profile', () => <ProfilePage />],
  ['help-center', () => <HelpPage />],
  ['tariff-plans', ({ school }) => <TariffPlansPage school={school} />],
  ['pwa', ({ school }) => <PwaPage school={school} />],
  ['settings', Index],
  ['settings/:tab', ({ school, params }) => <SettingsPage school={school} tab={params.tab ?? ''} />],
  ['group', () => <GroupsPage />],
  ['group/:group_id', ({ school, params }) => <GroupPage school={school} groupId={Number(params.group_id)} />],
  ['courses/group/:group_id', ({ school, params }) => <GroupPage school={school} groupId={Number(params.group_id)} />],
  ['courses/create-course/:course_id', Index],
  ['courses', ({ school }) => <CoursesPage school={school} />],
  ['courses/create-course/:course_id/:tab', ({ school, params }) => <CourseEditorPage school={school} courseId={Number(params.course_id)} tab={params.tab ?? ''} />],
  ['student-courses', ({ school }) => <StudentCoursesPage school={school} />],
  ['student-courses/bonus', ({ school }) => <BonusesPage school={school} />],
  ['courses/bonus', ({ school }) => <BonusesPage school={school} />],
  ['student-course/:course_id', ({ school, params }) => <StudentCoursePage school={school} courseId={Number(params.course_id)} />],
  [
    'student-course/:course_id/module/:section_id/:lesson_type/:lesson_id',
    ({ school, params }) => <LessonPage school={school} courseId={Number(params.course_id)} lessonType={params.lesson_type ?? ''} lessonId={Number(params.lesson_id)} />,
  ],
  ['home-work', () => <HomeworkQueuePage />],
  [
    'home-work/:lesson_id/:studentHomeworkId/:courseId',
    ({ school, params }) => (
      <HomeworkCheckPage school={school} lessonId={Number(params.lesson_id)} userHomeworkId={Number(params.studentHomeworkId)} courseId={Number(params.courseId)} />
    ),
  ],
  ['courses-stats', ({ school }) => <CoursesStatsPage school={school} />],
  ['courses-stats/:course_id/students', ({ school, params }) => <CourseStudentsStatsPage school={school} courseId={Number(params.course_id)} />],
  ['student-stats/:student_id', ({ school, params }) => <StudentStatsPage school={school} studentId={Number(params.student_id)} />],
  ['rating', ({ school }) => <RatingPage school={school} />],
  ...SCHOOL_STATIC_PAGES.map((page) => [page, Legal] as const),

  ['school-appeals', ({ school }) => <AppealsPage school={school} />],
  ['meetings', ({ school }) => <MeetingsPage school={school} />],
  ['webinars', ({ school }) => <WebinarsAdminPage school={school} />],
  ['access-logs', ({ school }) => <AccessLogsPage school={school} />],
  ['chat', Chat],
  ['chat/:chat_id', Chat],
];

const clean = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** The screen a role sees at a child path, or null when the role may not open it (not found). */
export function schoolScreen(role: RouteRole | null, path: string): { screen: Screen; path: string; params: Record<string, string> } | null {
  const child = clean(path);
  if (!canOpenSchoolRoute(role, child)) return null;
  const entry = SCHOOL_SCREENS.find(([pattern]) => matchesRoute(pattern, child));
  return entry ? { screen: entry[1], path: child, params: routeParams(entry[0], child) } : null;
}

type MenuKey = keyof typeof appMessages.routes;

/** The menu of a role: the top-level sections it may open that have a title, in its route set's order. */
export function schoolMenu(role: RouteRole | null): MenuKey[] {
  if (!role) return [];
  const keys: MenuKey[] = [];
  for (const route of ROLE_ROUTES[role]) {
    const top = route.split('/')[0] as MenuKey;
    if (top in appMessages.routes && !keys.includes(top) && schoolScreen(role, top)) keys.push(top);
  }
  return keys;
}

/** /school/{school}/ with no child: the role's home (spec §2). */
export function SchoolHome({ school }: { school: string }) {
  const role = routeRole(useStore($user).role);
  useEffect(() => {
    if (role) $router.open(schoolPath(school, ROLE_HOME[role]), true);
  }, [role, school]);
  return <PageLoading />;
}

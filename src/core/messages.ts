/**
 * Every user-facing Russian string of CourseHub, shared by the app, the widgets and the server's
 * error bodies: this module is where they are all imported from. Strings quoted by the
 * specification are kept word for word. Each area's strings sit in their own file under
 * ./messages/ so that a widget bundle carries only the strings it shows (a bundler cannot split
 * one file between the chunks of different widgets).
 */
import { certificateMessages } from './messages/certificate.ts';

export { appMessages } from './messages/app.ts';
export { commonMessages } from './messages/common.ts';
export { sessionMessages } from './messages/session.ts';
export { rolesMessages } from './messages/roles.ts';
export { schoolMessages } from './messages/school.ts';
export { tariffsMessages } from './messages/tariffs.ts';
export { subscriptionMessages } from './messages/subscription.ts';
export { certificateMessages } from './messages/certificate.ts';
export { impersonationMessages } from './messages/impersonation.ts';
export { filtersMessages } from './messages/filters.ts';
export { catalogMessages } from './messages/catalog.ts';
export { landingMessages } from './messages/landing.ts';
export { webinarMessages } from './messages/webinar.ts';
export { homeworkStatusMessages } from './messages/homework-status.ts';
export { invitationMessages } from './messages/invitations.ts';
export { pageTitles } from './messages/page-titles.ts';
export { publicFrameMessages } from './messages/public-frame.ts';
export { coursesMessages } from './messages/courses.ts';
export { courseFilesMessages } from './messages/course-files.ts';
export { formatFileSize, uiMessages } from './messages/ui.ts';
export { lessonBlockMessages } from './messages/lesson-blocks.ts';
export { learningMessages } from './messages/learning.ts';
export { learningTestsMessages } from './messages/learning-tests.ts';
export { groupsMessages, type GroupSettingKey } from './messages/groups.ts';
export { bonusesMessages } from './messages/bonuses.ts';
export { homeworkReviewMessages } from './messages/homework-review.ts';
export { studentsTableMessages } from './messages/students-table.ts';
export { courseSummaryMessages } from './messages/course-summary.ts';
export { schoolTasksMessages } from './messages/school-tasks.ts';
export { serverRefusalsMessages } from './messages/server-refusals.ts';
export { statisticsMessages } from './messages/statistics.ts';
export { ratingMessages } from './messages/rating.ts';
export { newslettersMessages } from './messages/newsletters.ts';
export { schoolPromoMessages } from './messages/school-promo.ts';
export { schoolSettingsMessages } from './messages/school-settings.ts';
export { bannerMessages, bonusAdminMessages, invitesMessages } from './messages/school-offers.ts';
export { appealsMessages } from './messages/appeals.ts';
export { accessLogsMessages } from './messages/access-logs.ts';
export { employeesMessages } from './messages/employees.ts';
export { schoolDomainMessages } from './messages/school-domain.ts';
export { salesMessages } from './messages/sales.ts';
export { gamificationMessages } from './messages/gamification.ts';
export { meetingsMessages } from './messages/meetings.ts';
export { telegramMessages } from './messages/telegram.ts';
export { chatMessages } from './messages/chat.ts';
export { aiChatMessages } from './messages/ai-chat.ts';
export { webinarsAdminMessages } from './messages/webinars-admin.ts';

/** "Ошибка: Ошибка при загрузке данных сертификата". */
export function errorText(message: string): string {
  return `${certificateMessages.errorPrefix}${message}`;
}

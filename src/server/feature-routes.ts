import { Type } from 'typebox';
import type { App } from './context.ts';
import { serveSpecPaths } from './shared/http/spec-paths.ts';
import { accessLogRoutes } from './features/access-logs/index.ts';
import { accountRoutes, authRoutes } from './features/accounts/index.ts';
import { aiChatRoutes } from './features/ai-chat/index.ts';
import { bannerRoutes, studentBannerRoutes } from './features/banners/index.ts';
import { chatRoutes } from './features/chats/index.ts';
import { bonusRoutes } from './features/bonuses/index.ts';
import { appealRoutes, catalogRoutes } from './features/catalog/index.ts';
import { certificateRoutes, certificateTemplateRoutes } from './features/certificates/index.ts';
import { blockRoutes, commentRoutes, courseCopyRoutes, courseRoutes, fileRoutes, folderRoutes, lessonRoutes, questionRoutes, readersOfCourses, schoolCourseCount, schoolPictureFiles, sectionRoutes } from './features/courses/index.ts';
import {
  courseGroupsRoutes,
  courseStudentsRoutes,
  groupCourseAccessRoutes,
  groupCourseMembers,
  groupRoutes,
} from './features/groups/index.ts';
import { feedbackRoutes } from './features/feedbacks/index.ts';
import { boxPaymentRoutes, boxRoutes, prizeRoutes, userBoxRoutes } from './features/gamification/index.ts';
import { checkRoutes, handInReads, homeworkTaskRoutes, reassignRoutes, reviewQueueRoutes, teacherHomeworkRoutes, threadFiles, userHomeworkRoutes } from './features/homework/index.ts';
import { impersonationRoutes } from './features/impersonation/index.ts';
import { meetingRoutes } from './features/meetings/index.ts';
import { newsletterRoutes } from './features/newsletters/index.ts';
import { invitesProgramRoutes } from './features/invites-program/index.ts';
import {
  groupStudentsRoutes,
  lessonAccessRoutes,
  openStudentLesson,
  progressRoutes,
  studentCourses,
  studentLessonPage,
  studentOutline,
  studentTestQuestions,
  testRoutes,
  trainingDurationRoutes,
} from './features/learning/index.ts';
import { ratingRoutes, ratingSettingsRoutes } from './features/rating/index.ts';
import { accessDistributionRoutes, invitationRoutes, roleRoutes } from './features/roles/index.ts';
import { orderRoutes, paymentMethodRoutes, salesPaymentRoutes } from './features/sales/index.ts';
import { invoiceSettingsRoutes, schoolPromoRoutes } from './features/school-promo/index.ts';
import { schoolBrandingRoutes, schoolDocumentRoutes, schoolDomainRoutes, schoolRoutes } from './features/schools/index.ts';
import { courseSummaryRoutes, schoolTasksRoutes, studentSectionsRoutes, studentsByMonthRoutes, studentStatsRoutes, studentsTableSettingsRoutes } from './features/statistics/index.ts';
import { invoiceRoutes, paymentRoutes, subscriptionRoutes, tariffRoutes } from './features/tariffs/index.ts';
import { telegramRoutes } from './features/telegram/index.ts';
import { findAutowebinar, webinarRoutes } from './features/webinars/index.ts';

/** Every API route, mounted under /api. */
export async function registerRoutes(app: App): Promise<void> {
  // Groups tells courses who teaches and studies a course (readableBy), before any route answers.
  readersOfCourses(groupCourseMembers);
  // Spec §7's paths without the school (chats/, payment_method/, courses/{id}/clone/): the same routes twice.
  serveSpecPaths(app);
  app.get(
    '/health/',
    { schema: { tags: ['service'], summary: 'Проверка работы сервера', response: { 200: Type.Object({ status: Type.String() }) } } },
    async () => ({ status: 'ok' }),
  );
  await authRoutes(app);
  await accountRoutes(app);
  await invitationRoutes(app);
  await schoolRoutes(app, schoolPictureFiles);
  await schoolDomainRoutes(app);
  await schoolBrandingRoutes(app, schoolPictureFiles);
  await schoolDocumentRoutes(app, schoolPictureFiles);
  await roleRoutes(app);
  await impersonationRoutes(app);
  await accessLogRoutes(app);
  await catalogRoutes(app);
  await appealRoutes(app);
  await certificateRoutes(app);
  await tariffRoutes(app);
  await subscriptionRoutes(app, schoolCourseCount);
  await paymentRoutes(app);
  await invoiceRoutes(app);
  await webinarRoutes(app);
  await groupRoutes(app);
  await groupStudentsRoutes(app);
  await lessonAccessRoutes(app);
  await trainingDurationRoutes(app);
  await groupCourseAccessRoutes(app);
  await accessDistributionRoutes(app);
  await courseStudentsRoutes(app);
  // Courses' readers' routes serve students too: learning answers for them, with homework's reads of
  // their hand-ins (learning stands below homework, courses below both).
  await blockRoutes(app, openStudentLesson);
  await fileRoutes(app, threadFiles);
  await folderRoutes(app);
  await courseRoutes(app, studentCourses);
  await courseGroupsRoutes(app);
  await courseCopyRoutes(app);
  await sectionRoutes(app, studentOutline(handInReads.statuses));
  await lessonRoutes(app, findAutowebinar, studentLessonPage(handInReads));
  await questionRoutes(app, studentTestQuestions);
  await testRoutes(app);
  await progressRoutes(app, handInReads.averageMarks);
  await commentRoutes(app);
  await certificateTemplateRoutes(app);
  await userHomeworkRoutes(app);
  await checkRoutes(app);
  await reviewQueueRoutes(app);
  await teacherHomeworkRoutes(app);
  await homeworkTaskRoutes(app);
  await reassignRoutes(app);
  await bonusRoutes(app);
  await bannerRoutes(app);
  await studentBannerRoutes(app);
  await invitesProgramRoutes(app);
  await feedbackRoutes(app);
  await studentStatsRoutes(app);
  await studentsTableSettingsRoutes(app);
  await courseSummaryRoutes(app);
  await studentsByMonthRoutes(app);
  await schoolTasksRoutes(app);
  await studentSectionsRoutes(app);
  await ratingRoutes(app);
  await ratingSettingsRoutes(app);
  await schoolPromoRoutes(app);
  await invoiceSettingsRoutes(app);
  await paymentMethodRoutes(app);
  await orderRoutes(app);
  await salesPaymentRoutes(app);
  await newsletterRoutes(app);
  await boxRoutes(app);
  await prizeRoutes(app);
  await userBoxRoutes(app);
  await boxPaymentRoutes(app);
  await chatRoutes(app);
  await meetingRoutes(app);
  await telegramRoutes(app);
  await aiChatRoutes(app);
}

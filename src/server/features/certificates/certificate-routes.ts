import { certificateMessages } from '#core/messages/certificate';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { courses } from '../courses/index.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { AppError, badRequest, forbidden, notFound } from '../../shared/errors.ts';
import { DEMO_ACCOUNTS, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { requireAuth } from '../../shared/security/auth.ts';
import { issueCertLink, openCertLink } from './certificate-links.ts';
import { courseTemplate, signedPicture } from './template-routes.ts';
import { courseNotFound, courseProgram } from '../catalog/index.ts';
import { courseFiles } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { certificateDocument, userPseudonyms } from '../schools/index.ts';
import { findEnrolment, lessonStates, markFinishedIfComplete } from '../learning/index.ts';
import { qrSvg } from './qr-code.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { errors, Id } from '../../shared/http/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// The texts of spec §8 that the certificate page shows.
export const CERT_INVALID_MESSAGE = 'Ошибка при расшифровке данных сертификата';
export const CERT_NOT_FOUND_MESSAGE = 'Ошибка при загрузке данных сертификата';

const CertificateData = Type.Object({
  user_full_name: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  patronymic: Type.String(),
  course_name: Type.String(),
  school_name: Type.String(),
  date: Type.String({ description: 'Дата выдачи, ISO 8601' }),
  signature: Nullable(Type.String()),
  stamp: Nullable(Type.String()),
  sections: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      lessons: Type.Array(Type.Object({ lesson_id: Type.Integer(), name: Type.String(), type: Type.String(), order: Type.Integer() })),
    }),
  ),
  director_name: Nullable(Type.String({ description: 'Из шаблона курса, иначе владелец школы' })),
  teacher: Nullable(Type.String({ description: 'Из шаблона курса, иначе преподаватель группы (его псевдоним, если задан)' })),
});

const CertLinkBody = Type.Object({ cert_link: Type.String(), url: Type.String() });

/** "Last First Patronymic" without blanks; null when nothing is filled in. */
export function fullName(person: { lastName: string; firstName: string; patronymic: string }): string | null {
  const name = [person.lastName, person.firstName, person.patronymic].map((part) => part.trim()).filter(Boolean).join(' ');
  return name || null;
}

/** Refusals of POST certificate/ (reference §4.11, the original's words). */
const noCertificate = () => forbidden(certificateMessages.noAccess, 'NO_CERTIFICATE');
const lessonRequired = (name: string) => badRequest(certificateMessages.lessonRequired(name), undefined, 'COURSE_NOT_FINISHED');

/**
 * Certificates (spec §3, §5, §7; reference §4.11). A link is issued only to a student who finished
 * the course in a group that gives certificates, and carries the encrypted ids and the day they
 * finished (certificate-links.ts): it cannot be forged or guessed, and the same student gets the
 * same link every time. The public page shows it with a QR code of its own address, so a printed
 * certificate leads back to the platform's copy: that page is the verification. The course's
 * template (template-routes.ts) gives the names, the signature and the stamp.
 */
export async function certificateRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const owners = alias(users, 'owner');

  const pageUrl = (link: string) => `${ctx.config.publicUrl}/certificate/${link}`;
  const certificateUrl = (link: string) => ({ cert_link: link, url: pageUrl(link) });
  const teachers = alias(users, 'teacher');

  app.get(
    '/certificate/:certLink/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Данные сертификата по ссылке, выданной платформой (без входа)',
        params: Type.Object({ certLink: Type.String() }),
        response: { 200: CertificateData, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const cert = openCertLink(ctx.config.secret, request.params.certLink);
      if (!cert) throw new AppError(400, 'CERT_INVALID', CERT_INVALID_MESSAGE);
      const [row] = await ctx.db
        .select({ user: users, courseName: courses.name, schoolTitle: schools.title, ownerId: schools.ownerId, owner: owners, teacher: teachers, teacherPseudonym: userPseudonyms.pseudonym })
        .from(users)
        .innerJoin(courses, and(eq(courses.id, cert.courseId), eq(courses.schoolId, cert.schoolId)))
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .leftJoin(owners, eq(owners.id, schools.ownerId))
        // The student's group in the course (one at most), for its teacher as students see them.
        .leftJoin(studentsGroupMembers, and(eq(studentsGroupMembers.courseId, courses.id), eq(studentsGroupMembers.userId, users.id)))
        .leftJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
        .leftJoin(teachers, eq(teachers.id, studentsGroups.teacherId))
        .leftJoin(userPseudonyms, and(eq(userPseudonyms.schoolId, schools.id), eq(userPseudonyms.userId, teachers.id)))
        .where(eq(users.id, cert.userId));
      if (!row) throw notFound(CERT_NOT_FOUND_MESSAGE, 'CERT_NOT_FOUND');
      const program = (await courseProgram(ctx.db, [cert.courseId])).get(cert.courseId) ?? [];
      const template = await courseTemplate(ctx.db, cert.courseId);
      // The template's pictures first; without them the school's stamp and signature (school_document).
      const document = template?.signature && template.stamp ? null : await certificateDocument(ctx.db, cert.schoolId, row.ownerId);
      const picture = async (id: number | null | undefined) => {
        if (id === null || id === undefined) return null;
        const [file] = await ctx.db.select({ id: courseFiles.id, name: courseFiles.name }).from(courseFiles).where(eq(courseFiles.id, id));
        return file ?? null;
      };
      const signature = template?.signature ?? (await picture(document?.signatureFileId));
      const stamp = template?.stamp ?? (await picture(document?.stampFileId));
      return {
        user_full_name: fullName(row.user),
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        patronymic: row.user.patronymic,
        course_name: row.courseName,
        school_name: row.schoolTitle,
        date: cert.issuedAt.toISOString(),
        // The template's, else the school's pictures; without either the viewer draws its defaults.
        signature: signedPicture(ctx, signature),
        stamp: signedPicture(ctx, stamp),
        sections: program.map((section) => ({
          id: section.section_id,
          name: section.name,
          // order: the lesson's place in its module as listed (inactive ones left out).
          lessons: section.lessons.map((lesson, index) => ({ lesson_id: lesson.lesson_id ?? 0, name: lesson.name, type: lesson.type ?? 'lesson', order: index + 1 })),
        })),
        director_name: template?.directorName || (row.owner ? fullName(row.owner) : null),
        // Blank in the template: the group's teacher, by the pseudonym students know them by.
        teacher: template?.teacherName || row.teacherPseudonym?.trim() || (row.teacher ? fullName(row.teacher) : null),
      };
    },
  );

  app.get(
    '/certificate/:certLink/qr.svg',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'QR-код со ссылкой на страницу сертификата (SVG, без входа)',
        params: Type.Object({ certLink: Type.String() }),
        response: { 200: Type.String({ description: 'image/svg+xml' }), ...errors(404, 429) },
      },
    },
    async (request, reply) => {
      const { certLink } = request.params;
      // Only links this server issued: the code never vouches for an address it did not make.
      if (!openCertLink(ctx.config.secret, certLink)) throw notFound(CERT_INVALID_MESSAGE, 'CERT_INVALID');
      return (
        reply
          .type('image/svg+xml')
          .header('x-content-type-options', 'nosniff')
          // A picture, never a page: opened directly, nothing in it may run.
          .header('content-security-policy', "default-src 'none'; sandbox")
          // The link never changes; the platform's address rarely does.
          .header('cache-control', 'public, max-age=86400')
          .send(qrSvg(pageUrl(certLink)))
      );
    },
  );

  app.post(
    '/certificate/',
    {
      config: limits(app, 30),
      schema: {
        tags: ['certificates'],
        summary: 'Ссылка на свой сертификат: ученику, прошедшему курс в группе с сертификатом; та же ссылка при каждом запросе',
        body: Type.Object({ course_id: Id }),
        security: [{ bearer: [] }],
        response: { 200: CertLinkBody, ...errors(400, 401, 403, 404, 429, 451) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const [course] = await ctx.db
        .select({ id: courses.id, schoolId: courses.schoolId, memberId: schoolMembers.id })
        .from(courses)
        .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, courses.schoolId), eq(schoolMembers.userId, userId)))
        .where(and(eq(courses.id, request.body.course_id), isNull(courses.removedAt), eq(courses.isAccess, true)));
      // Another school's course is as unknown as a missing one (or one in the recycle bin).
      if (!course || course.memberId === null) throw courseNotFound();
      // The role, an impersonating admin and the school's plan, checked as on every school route.
      await requireSchoolRole(app, request, { id: course.schoolId }, ['Student']);
      const enrolment = await findEnrolment(ctx.db, userId, course.id);
      if (!enrolment?.certificate) throw noCertificate();
      let finishedAt = enrolment.finishedAt;
      if (finishedAt === null) {
        const now = ctx.now();
        const states = await lessonStates(ctx.db, enrolment, now);
        const left = states.find((state) => !state.completed);
        if (left) throw lessonRequired(left.name);
        if (states.length === 0) throw badRequest(certificateMessages.notFinished, undefined, 'COURSE_NOT_FINISHED');
        // Everything done but not yet marked (lessons closed to the student after the rest were
        // done): finished now, as the next step in a lesson would have marked it.
        await markFinishedIfComplete(ctx.db, enrolment, states, now);
        finishedAt = (await findEnrolment(ctx.db, userId, course.id))?.finishedAt ?? now;
      }
      // Dated the day the course was finished, so the link is the same on every request.
      return certificateUrl(issueCertLink(ctx.config.secret, { courseId: course.id, userId, schoolId: course.schoolId, issuedAt: finishedAt }));
    },
  );

  if (ctx.config.demo) {
    const student = DEMO_ACCOUNTS.find((account) => account.role === 'Student')!;
    app.get(
      '/dev/demo-certificate/',
      {
        config: publicRead(app),
        schema: {
          tags: ['public'],
          summary: 'Демо: ссылка на сертификат демо-ученика по первому демо-курсу (витрина виджета, без проверки прохождения)',
          response: { 200: CertLinkBody, ...errors(404, 429) },
        },
      },
      async (_request, reply) => {
        const [row] = await ctx.db
          .select({ courseId: courses.id, schoolId: schools.id, userId: users.id })
          .from(schools)
          .innerJoin(courses, eq(courses.schoolId, schools.id))
          .innerJoin(users, eq(users.email, student.email))
          .where(eq(schools.name, DEMO_SCHOOL))
          .orderBy(asc(courses.order), asc(courses.id))
          .limit(1);
        if (!row) throw notFound('Демо-данные не найдены.', 'DEMO_NOT_FOUND');
        // A showcase for <ch-certificate> on the demo site (demo mode only, never a real school):
        // it skips the finishing check that POST certificate/ makes.
        // Every call issues a new link: nothing to cache.
        reply.header('cache-control', 'no-store');
        return certificateUrl(issueCertLink(ctx.config.secret, { ...row, issuedAt: ctx.now() }));
      },
    );
  }
}

import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { courses } from '../courses/index.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { AppError, forbidden, notFound } from '../../shared/errors.ts';
import { DEMO_ACCOUNTS, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { requireAuth } from '../../shared/security/auth.ts';
import { issueCertLink, openCertLink } from './certificate-links.ts';
import { courseTemplate, signedPicture } from './template-routes.ts';
import { courseNotFound, courseProgram } from '../catalog/index.ts';
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
      name: Type.String(),
      lessons: Type.Array(Type.Object({ lesson_id: Type.Integer(), name: Type.String(), type: Type.String() })),
    }),
  ),
  director_name: Nullable(Type.String()),
  teacher: Nullable(Type.String()),
});

const CertLinkBody = Type.Object({ cert_link: Type.String(), url: Type.String() });

/** "Last First Patronymic" without blanks; null when nothing is filled in. */
export function fullName(person: { lastName: string; firstName: string; patronymic: string }): string | null {
  const name = [person.lastName, person.firstName, person.patronymic].map((part) => part.trim()).filter(Boolean).join(' ');
  return name || null;
}

/**
 * Certificates (spec §3, §5, §7). The link is issued by the server and carries the encrypted ids
 * (features/certificates/certificate-links.ts), so it cannot be forged or guessed; the course's
 * template (template-routes.ts) gives the names, the signature and the stamp.
 */
export async function certificateRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const owners = alias(users, 'owner');

  const certificateUrl = (link: string) => ({ cert_link: link, url: `${ctx.config.publicUrl}/certificate/${link}` });

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
        .select({ user: users, courseName: courses.name, schoolTitle: schools.title, owner: owners })
        .from(users)
        .innerJoin(courses, and(eq(courses.id, cert.courseId), eq(courses.schoolId, cert.schoolId)))
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .leftJoin(owners, eq(owners.id, schools.ownerId))
        .where(eq(users.id, cert.userId));
      if (!row) throw notFound(CERT_NOT_FOUND_MESSAGE, 'CERT_NOT_FOUND');
      const program = (await courseProgram(ctx.db, [cert.courseId])).get(cert.courseId) ?? [];
      const template = await courseTemplate(ctx.db, cert.courseId);
      return {
        user_full_name: fullName(row.user),
        first_name: row.user.firstName,
        last_name: row.user.lastName,
        patronymic: row.user.patronymic,
        course_name: row.courseName,
        school_name: row.schoolTitle,
        date: cert.issuedAt.toISOString(),
        // The course's template (template-routes.ts); without its pictures the viewer draws its defaults.
        signature: signedPicture(ctx, template?.signature ?? null),
        stamp: signedPicture(ctx, template?.stamp ?? null),
        sections: program.map((section) => ({
          name: section.name,
          lessons: section.lessons.map((lesson) => ({ lesson_id: lesson.lesson_id ?? 0, name: lesson.name, type: lesson.type ?? 'lesson' })),
        })),
        director_name: template?.directorName || (row.owner ? fullName(row.owner) : null),
        teacher: template?.teacherName || null,
      };
    },
  );

  app.post(
    '/certificate/',
    {
      config: limits(app, 30),
      schema: {
        tags: ['public'],
        summary: 'Выдать ссылку на сертификат: ученик — себе, администратор школы — её ученику',
        body: Type.Object({ course_id: Id, user_id: Type.Optional(Id) }),
        security: [{ bearer: [] }],
        response: { 200: CertLinkBody, ...errors(400, 401, 403, 404, 429, 451) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const [course] = await ctx.db.select({ id: courses.id, schoolId: courses.schoolId }).from(courses).where(eq(courses.id, request.body.course_id));
      if (!course) throw courseNotFound();
      const { role } = await requireSchoolRole(app, request, { id: course.schoolId }, ['Admin', 'Student']);
      const studentId = request.body.user_id ?? userId;
      if (role === 'Student' && studentId !== userId) throw forbidden('Можно получить только свой сертификат.');
      const [member] = await ctx.db
        .select({ role: schoolMembers.role })
        .from(schoolMembers)
        .where(and(eq(schoolMembers.schoolId, course.schoolId), eq(schoolMembers.userId, studentId)));
      if (member?.role !== 'Student') throw forbidden('Сертификат выдаётся только ученику школы.', 'NOT_A_STUDENT');
      return certificateUrl(issueCertLink(ctx.config.secret, { courseId: course.id, userId: studentId, schoolId: course.schoolId, issuedAt: ctx.now() }));
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
          summary: 'Демо: ссылка на сертификат демо-ученика по первому демо-курсу',
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
        // Every call issues a new link: nothing to cache.
        reply.header('cache-control', 'no-store');
        return certificateUrl(issueCertLink(ctx.config.secret, { ...row, issuedAt: ctx.now() }));
      },
    );
  }
}

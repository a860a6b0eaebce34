import { $school, $user, appMessages, ROLE_HOME, routeRole, SCHOOL_STATIC_PAGES, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { InitialPage } from './initial-page.tsx';
import { SchoolLayout } from './layouts/school-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageBoundary, PageLoading } from './page-boundary.tsx';
import { PublicFrame } from './public-frame.tsx';
import { isOpenLegalPage, isPublicPage } from './public-routes.ts';
import { routeTitle } from './route-title.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { $router } from './router.ts';
import { AccessDeniedPage, NotFoundPage, SectionSoonPage, TechnicalWorksPage } from './pages/status-pages.tsx';

// Pages load on demand: a visitor of /login does not download the school area or the widgets.
const LoginPage = lazyPage(() => import('./pages/login-page.tsx'));
const CreateSchoolPage = lazyPage(() => import('./pages/create-school-page.tsx'));
const ChooseSchoolPage = lazyPage(() => import('./pages/choose-school-page.tsx'));
const SignupPage = lazyPage(() => import('./pages/signup-page.tsx'));
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password-page.tsx'));
const InvitationPage = lazyPage(() => import('./pages/invitation-page.tsx'));
const SocialCallbackPage = lazyPage(() => import('./pages/social-callback-page.tsx'));
const ProfilePage = lazyPage(() => import('./pages/profile-page.tsx'));
// Public screens reuse the widgets' React components (not their custom elements).
const CatalogPage = lazyPage(() => import('./pages/catalog-page.tsx'));
const CertificatePage = lazyPage(() => import('./pages/certificate-page.tsx'));
const TariffInfoPage = lazyPage(() => import('./pages/tariff-info-page.tsx'));
const TariffPlansPage = lazyPage(() => import('./pages/tariff-plans-page.tsx'));
const WebinarPage = lazyPage(() => import('./pages/webinar-page.tsx'));
const HelpPage = lazyPage(() => import('./pages/help/help-page.tsx'));
const LegalPage = lazyPage(() => import('./pages/legal/legal-page.tsx'));
const SettingsPage = lazyPage(() => import('./pages/settings-page.tsx'));
const GroupsPage = lazyPage(() => import('./pages/groups-page.tsx'));
const PwaPage = lazyPage(() => import('./pages/pwa-page.tsx'));
const InvoicePage = lazyPage(() => import('./pages/invoice-page.tsx'));

function SchoolHome({ school }: { school: string }) {
  const role = routeRole(useStore($user).role);
  useEffect(() => {
    if (role) $router.open(schoolPath(school, ROLE_HOME[role]), true);
  }, [role, school]);
  return <PageLoading />;
}

function schoolPage(school: string, rest: string): ReactNode {
  if ((SCHOOL_STATIC_PAGES as readonly string[]).includes(rest)) return <LegalPage page={rest} school={school} />;
  if (rest === 'help-center') return <HelpPage />;
  if (rest === 'profile') return <ProfilePage />;
  if (rest === 'tariff-plans') return <TariffPlansPage school={school} />;
  if (rest.startsWith('settings/')) return <SettingsPage school={school} tab={rest.slice('settings/'.length)} />;
  if (rest === 'group') return <GroupsPage />;
  if (rest === 'pwa') return <PwaPage school={school} />;
  const section = rest.split('/')[0] as keyof typeof appMessages.routes;
  return <SectionSoonPage title={appMessages.routes[section] ?? appMessages.brand} />;
}

/** The page for the current route. */
function Page() {
  const page = useStore($router);
  useStore($school);
  if (!page) return <NotFoundPage />;
  switch (page.route) {
    case 'initial':
      return <InitialPage />;
    case 'login':
      return <LoginPage />;
    case 'signup':
      return <SignupPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
    case 'tokenValidate':
      return <ResetPasswordPage userId={page.params.userId} token={page.params.token} />;
    case 'invitation':
      return <InvitationPage token={page.params.token} />;
    case 'socialAuth':
      return <SocialCallbackPage />;
    case 'createSchool':
      return <CreateSchoolPage />;
    case 'chooseSchool':
      return <ChooseSchoolPage />;
    case 'catalog':
      return <CatalogPage />;
    case 'catalogCourse': {
      const courseId = Number(page.params.courseId);
      return Number.isInteger(courseId) && courseId > 0 ? <CatalogPage courseId={courseId} /> : <NotFoundPage />;
    }
    case 'certificatePreview':
      return <CertificatePage preview />;
    case 'certificate':
      return <CertificatePage certLink={page.params.certLink} />;
    case 'tariffPlansInfo':
      return <TariffInfoPage period="monthly" />;
    case 'tariffPlansYear':
      return <TariffInfoPage period="yearly" />;
    case 'tariffPlans':
      return <TariffInfoPage period="monthly" />;
    case 'webinar':
      return <WebinarPage slug={page.params.slug} />;
    case 'accessDenied':
      return <AccessDeniedPage />;
    case 'technicalWorks':
      return <TechnicalWorksPage />;
    case 'invoice':
      return <InvoicePage />;
    case 'school':
      return <SchoolHome school={page.params.school} />;
    case 'help':
      return <HelpPage />;
    case 'helpPage':
    case 'helpSchoolPage':
      return <HelpPage page={page.params.page} />;
    case 'schoolChild':
      // Legal pages are open to everyone, also under the default school, outside the school area.
      if (isOpenLegalPage(page.params.school, page.params.rest, $user.get().auth)) return <LegalPage page={page.params.rest} school={page.params.school} />;
      return (
        <SchoolLayout rest={page.params.rest} notFound={<NotFoundPage />}>
          {schoolPage(page.params.school, page.params.rest)}
        </SchoolLayout>
      );
    default:
      return <NotFoundPage />;
  }
}

export function App() {
  const page = useStore($router);
  const user = useStore($user);
  useDocumentTitle(routeTitle(page, routeRole(user.role)));
  const content = (
    <PageBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
  // The frame is outside the boundary: its header and footer stay while a page's code loads or fails.
  return isPublicPage(page, user.auth) ? <PublicFrame path={page?.path ?? ''}>{content}</PublicFrame> : content;
}

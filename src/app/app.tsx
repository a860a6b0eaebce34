import { $school, $user, routeRole } from '#core';
import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { ChooseSchoolPage, CreateSchoolPage } from './features/schools/index.ts';
import { CatalogPage } from './features/catalog/index.ts';
import { CertificatePage } from './features/certificates/index.ts';
import { ForgotPasswordPage, InvitationPage, LoginPage, ResetPasswordPage, SignupPage, SocialCallbackPage } from './features/accounts/index.ts';
import { HelpPage } from './features/help/index.ts';
import { InvoicePage, TariffInfoPage } from './features/tariffs/index.ts';
import { LegalPage } from './features/legal/index.ts';
import { UnsubscribePage } from './features/newsletters/index.ts';
import { WebinarPage } from './features/webinars/index.ts';
import { InitialPage } from './initial-page.tsx';
import { SchoolLayout } from './layouts/school-layout.tsx';
import { PageBoundary, PageLoading } from './page-boundary.tsx';
import { PublicFrame } from './public-frame.tsx';
import { isOpenLegalPage, isPublicPage } from './public-routes.ts';
import { routeTitle } from './route-title.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { $router } from './router.ts';
import { SchoolHome, schoolScreen } from './school-screens.tsx';
import { AccessDeniedPage, NotFoundPage, TechnicalWorksPage } from './ui/status-pages.tsx';
import { ToastRegion } from './ui/toasts.tsx';

/** The page for the current route. */
function Page() {
  const page = useStore($router);
  const role = routeRole(useStore($user).role);
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
    case 'unsubscribe':
      return <UnsubscribePage token={page.params.token} />;
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
    case 'schoolChild': {
      const { school, rest } = page.params;
      // Legal pages are open to everyone, also under the default school, outside the school area.
      if (isOpenLegalPage(school, rest, $user.get().auth)) return <LegalPage page={rest} school={school} />;
      const found = schoolScreen(role, rest);
      return (
        <SchoolLayout rest={rest}>
          {found ? <found.screen school={school} path={found.path} params={found.params} /> : <NotFoundPage />}
        </SchoolLayout>
      );
    }
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
  // So is the one toast region: a toast outlives the page that showed it.
  return (
    <>
      {isPublicPage(page, user.auth) ? <PublicFrame path={page?.path ?? ''}>{content}</PublicFrame> : content}
      <ToastRegion />
    </>
  );
}

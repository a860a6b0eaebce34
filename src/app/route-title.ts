import { appMessages, newslettersMessages, pageTitles, SCHOOL_STATIC_PAGES, type RouteRole } from '#core';
import type { RoutePage } from './public-routes.ts';
import { schoolScreen } from './school-screens.tsx';

type MenuKey = keyof typeof appMessages.routes;

/**
 * The title of the screen a route shows ('' for the landing page's own). Pages that learn a more
 * precise one (a help article, a legal document, a course that is not found) set it themselves.
 */
export function routeTitle(page: RoutePage, role: RouteRole | null): string | null {
  if (!page) return pageTitles.notFound;
  switch (page.route) {
    case 'initial':
      return '';
    case 'login':
      return pageTitles.login;
    case 'signup':
      return pageTitles.signup;
    case 'forgotPassword':
      return pageTitles.forgotPassword;
    case 'tokenValidate':
      return pageTitles.resetPassword;
    case 'invitation':
      return pageTitles.invitation;
    case 'unsubscribe':
      return newslettersMessages.unsubscribeTitle;
    case 'socialAuth':
      return pageTitles.socialAuth;
    case 'createSchool':
      return pageTitles.createSchool;
    case 'chooseSchool':
      return pageTitles.chooseSchool;
    case 'catalog':
    case 'catalogCourse':
      return pageTitles.catalog;
    case 'certificatePreview':
      return pageTitles.certificatePreview;
    case 'certificate':
      return pageTitles.certificate;
    case 'tariffPlansInfo':
    case 'tariffPlansYear':
    case 'tariffPlans':
      return pageTitles.tariffs;
    case 'webinar':
      return pageTitles.webinar;
    case 'help':
    case 'helpPage':
    case 'helpSchoolPage':
      return pageTitles.help;
    case 'accessDenied':
      return pageTitles.accessDenied;
    case 'technicalWorks':
      return pageTitles.technicalWorks;
    case 'invoice':
      return pageTitles.invoice;
    case 'school':
      // On its way to the role's home page.
      return null;
    case 'schoolChild': {
      const { rest } = page.params;
      // Legal documents are titled by their heading, on their page.
      if ((SCHOOL_STATIC_PAGES as readonly string[]).includes(rest)) return null;
      const section = rest.split('/')[0] as MenuKey;
      return schoolScreen(role, rest) && section in appMessages.routes ? appMessages.routes[section] : pageTitles.notFound;
    }
    default:
      return pageTitles.notFound;
  }
}

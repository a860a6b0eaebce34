// Accounts: sign-in, sign-up, password reset, social sign-in, invitations and the profile.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const LoginPage = lazyPage(() => import('./login-page.tsx'));
export const SignupPage = lazyPage(() => import('./signup-page.tsx'));
export const ForgotPasswordPage = lazyPage(() => import('./forgot-password-page.tsx'));
export const ResetPasswordPage = lazyPage(() => import('./reset-password-page.tsx'));
export const InvitationPage = lazyPage(() => import('./invitation-page.tsx'));
export const SocialCallbackPage = lazyPage(() => import('./social-callback-page.tsx'));
export const ProfilePage = lazyPage(() => import('./profile-page.tsx'));

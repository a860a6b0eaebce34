// Accounts and sessions: registration, sign-in, tokens, profile, passwords and emailed codes.
// Other features and the server's root import this feature through this file only.
export { accountRoutes, assertNewPassword } from './account-routes.ts';
export { authRoutes, sessionUser } from './auth-routes.ts';
export { oneTimeTokens } from './tables.ts';
export { pruneGuessThrottles } from './guess-throttle.ts';

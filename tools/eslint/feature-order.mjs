// The order of the features, written once: tools/eslint/feature-boundaries.mjs reads it, and
// docs/architecture.md («Feature order») explains it. Layers go from the bottom up; a feature may
// import only features of a LOWER layer (never its own layer, never a higher one), so the features
// form no cycle. Where a lower area must react to a higher one, the higher one calls down, or the
// lower one publishes a typed event (src/server/shared/domain-events.ts) that the higher one
// subscribes to where the server is wired (src/server/feature-routes.ts). tables.ts → tables.ts
// (foreign keys) is exempt. A new feature gets a layer here before lint accepts any import of it.

/** src/server/features/<name>, bottom first. */
export const SERVER_LAYERS = [
  // Tenancy: the school, its members' names and documents; who read what.
  ['schools', 'access-logs'],
  ['accounts'],
  // Plans and their limits; payment providers.
  ['tariffs'],
  // Authoring: courses, sections, lessons, questions, files.
  ['courses'],
  ['groups'],
  // The student's state: enrolment, progress, attempts, the student's view of a course.
  ['learning'],
  ['homework'],
  // What the readers and sellers build on.
  // Roles and invitations stand above groups and homework: an invitation, or access-distribution/,
  // puts a student into groups and hands their open homework to the new group's teacher.
  ['roles', 'catalog', 'school-promo', 'meetings', 'feedbacks'],
  // Readers of the above: statistics, rating, certificates, sales and the school's extras.
  [
    'statistics',
    'rating',
    'certificates',
    'sales',
    'webinars',
    'bonuses',
    'gamification',
    'banners',
    'newsletters',
    'ai-chat',
    'invites-program',
    'impersonation',
  ],
  // Communication: notices about everything below, then the chats that also send them.
  ['telegram'],
  ['chats'],
];

/** src/app/features/<name>, bottom first. */
export const APP_LAYERS = [
  // Pieces other screens embed: the legal texts, the Telegram link, chats, banners, access logs.
  ['legal', 'telegram', 'chat', 'banners', 'access-logs'],
  ['accounts', 'schools', 'tariffs', 'school-promo', 'sales', 'gamification', 'pwa', 'help'],
  [
    'catalog',
    'groups',
    'statistics',
    'bonuses',
    'meetings',
    'webinars',
    'webinars-admin',
    'rating',
    'certificates',
    'appeals',
    'ai-chat',
  ],
  ['courses', 'learning'],
  ['homework-review', 'newsletters'],
  // The school's settings gather the tabs of many features.
  ['settings'],
];

/** The layer of every feature of one side ('server' | 'app'), 0 at the bottom. */
export const layerOf = (side) =>
  new Map((side === 'server' ? SERVER_LAYERS : APP_LAYERS).flatMap((layer, index) => layer.map((name) => [name, index])));

// Banners shown to the students of some groups, with «Понятно» and click statistics.
// Other features and the server's root import this feature through this file only.
export { bannerAccepts, bannerClicks, bannerGroups, banners } from './tables.ts';
export { bannerRoutes } from './banner-routes.ts';
export { studentBannerRoutes } from './student-banner-routes.ts';

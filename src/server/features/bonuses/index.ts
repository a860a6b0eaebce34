// Bonuses for the students of some groups: the school's offers, shown on «Бонусы».
// Other features and the server's root import this feature through this file only.
export { schoolBonusGroups, schoolBonuses } from './tables.ts';
export { bonusRoutes } from './bonus-routes.ts';

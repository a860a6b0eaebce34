import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to a table. The tables live with
// their features (features/<area>/tables.ts) and in shared/db/core-tables.ts; migrations stay one
// ordered folder.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/shared/db/core-tables.ts', './src/server/features/*/tables.ts'],
  out: './src/server/shared/db/migrations',
});

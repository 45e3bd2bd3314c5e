import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, generated from schema.pg.ts (npm run db:generate makes both engines').
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.pg.ts',
  out: './drizzle-postgres',
});

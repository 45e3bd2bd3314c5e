import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; the server applies it at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.sqlite.ts',
  out: './drizzle',
});

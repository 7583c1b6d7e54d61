import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every file of the folder: an area's new tables need no line in a shared list.
  schema: './src/db/schema',
  out: './drizzle',
  casing: 'snake_case',
});

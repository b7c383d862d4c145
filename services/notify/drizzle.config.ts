import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/adapters/schema.ts',
  out: './drizzle',
  schemaFilter: ['notify'],
});

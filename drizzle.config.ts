import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes SQL migrations into resources/drizzle; they ship with the app.
export default defineConfig({
  dialect: 'sqlite',
  schema: './electron/core/store/schema.ts',
  out: './resources/drizzle',
})

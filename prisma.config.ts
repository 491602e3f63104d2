// Prisma CLI configuration. The CLI runs its WASM schema engine through a driver
// adapter, so no native engine is downloaded (see README "Decisions worth knowing").
import { defineConfig } from 'prisma/config';
import { createMigrationAdapter } from './api/src/db/adapters';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // The CLI's own process: DATABASE_URL chooses PostgreSQL, else the embedded PGlite folder.
  adapter: () => createMigrationAdapter(process.env.DATABASE_URL),
});

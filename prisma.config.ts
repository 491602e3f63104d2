// Prisma CLI configuration. The CLI runs its WASM schema engine through a driver
// adapter, so no native engine is downloaded (see README "Database").
import { defineConfig } from 'prisma/config';
import { createMigrationAdapter } from './api/src/db/adapters';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: createMigrationAdapter,
});

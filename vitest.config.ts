import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@server': fileURLToPath(new URL('./apps/server/src', import.meta.url)),
  '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)),
};

/**
 * Two projects: `unit` (pure logic beside the code, fast) and `api` (the server through
 * app.inject on a fresh migrated database; SQLite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          // Component tests render antd in jsdom: ~2 s for a form alone, past vitest's 5 s default
          // when the 2 cores are busy (a CI run saw NameField.test.tsx time out, then pass alone).
          testTimeout: 15_000,
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // The software gateway's tests against the console (buildApp and its broker) are API tests too.
          include: ['apps/server/src/**/*.api.test.ts', 'apps/gateway-sim/src/**/*.api.test.ts'],
          // Each file builds its own server on its own database (an in-memory SQLite, or a schema of
          // its own on PostgreSQL) and listens only on free ports, so files run side by side: two at
          // a time (vitest's default on 2 cores is one), where much of a file's time is spent waiting
          // for PostgreSQL, a broker or a timer. API_WORKERS=1 runs them one by one.
          maxWorkers: Number(process.env.API_WORKERS ?? 2),
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});

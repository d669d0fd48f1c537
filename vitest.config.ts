import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Separate from vite.config.ts so tests never run the PWA or router-generator plugins.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify('test') },
  test: {
    // Server tests open a fresh database per file; on a loaded 2-core machine that can take a while.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    globalSetup: ['tests/support/pglite-image.ts'],
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine, which leaves a core
    // idle while a server test waits on its database.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/src/**', 'e2e/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
    ],
  },
});

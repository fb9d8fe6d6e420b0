import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeParts } from './locale-parts.mjs';

export default defineConfig({
  plugins: [localeParts(), react()],
  test: {
    name: 'unit-player',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    root: import.meta.dirname,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'unit-console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    root: import.meta.dirname,
    setupFiles: ['src/testing/setup.ts'],
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The staff console lives under /console on the same server as the player app (one origin, one
// CSP): every asset is built for that base, and the dev server forwards the API to the server.
const target = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/login': target,
      '/logout': target,
      '/staff': target,
    },
  },
});

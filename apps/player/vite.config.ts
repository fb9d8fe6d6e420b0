import type { IncomingMessage } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The dev server forwards every server path to the Reelcast server so the app runs same-origin,
// exactly as it does when the server serves the built files.
const target = 'http://127.0.0.1:8080';
const proxied = ['/login', '/validate', '/player', '/machine', '/Settings.json', '/images'];

// /login is both the API call (POST) and the page the player opens (GET text/html): page loads
// stay with the dev server so the app's own route renders.
function keepPageLoads(req: IncomingMessage): string | undefined {
  if (req.method === 'GET' && req.headers.accept?.includes('text/html')) return '/index.html';
  return undefined;
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path): [string, ProxyOptions] => [path, { target, bypass: keepPageLoads }]),
      ),
      '/socket.io': { target, ws: true },
    },
  },
});

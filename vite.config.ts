import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const root = import.meta.dirname;

/**
 * `npm run dev:mock` (vite --mode mock): the page loads mocks/main.tsx, which starts the msw
 * worker and then the player app, and the worker script is served straight from the msw
 * package (nothing generated into a committed public/ folder).
 */
function mockMode(): Plugin {
  const workerFile = resolve(root, 'node_modules/msw/lib/mockServiceWorker.js');
  return {
    name: 'player-mock-mode',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace('/src/player/main.tsx', '/mocks/main.tsx').replace('/src/admin/main.tsx', '/mocks/admin-main.tsx'),
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Service-Worker-Allowed', '/');
        res.end(readFileSync(workerFile));
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  // Two separate pages: the player app (index.html) and, when it exists, the admin app
  // (admin.html). Separate entries mean the player's bundle never contains admin code.
  const input: Record<string, string> = { main: resolve(root, 'index.html') };
  if (existsSync(resolve(root, 'admin.html'))) input.admin = resolve(root, 'admin.html');

  return {
    plugins: [react(), ...(mode === 'mock' ? [mockMode()] : [precompress()])],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      rollupOptions: { input },
    },
    server: {
      port: 5173,
      // `vite` (dev) against a running server on :3000; in mock mode msw answers instead.
      proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
    },
    preview: { port: 4173 },
  };
});

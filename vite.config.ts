import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { muiOnDemand } from './scripts/mui-on-demand.ts';
import { adminStartup } from './scripts/admin-startup.ts';

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
  // Two pages, built as two separate bundles into the same dist/: the player app (index.html, the
  // `client` environment) and, when it exists, the admin app (admin.html, the `admin`
  // environment). Separate builds rather than two inputs of one build: a module both apps use
  // (react-router above all) is tree-shaken for each app on its own, so the player never carries
  // what only the back office needs, and no chunk is shared between the two.
  const hasAdmin = existsSync(resolve(root, 'admin.html'));
  const production = mode !== 'mock';

  return {
    plugins: [react(), ...(production ? [muiOnDemand(root), adminStartup(), precompress()] : [mockMode()])],
    build: {
      outDir: 'dist',
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 1200,
      // Every browser the apps target supports <link rel="modulepreload">.
      modulePreload: { polyfill: false },
    },
    environments: {
      client: {
        build: {
          emptyOutDir: true,
          rolldownOptions: {
            input: { main: resolve(root, 'index.html') },
            // Everything `/` needs at start in ONE chunk (one request, one brotli context: about
            // 7 KB less on the wire than the automatic split); the rest is split by route and use.
            output: {
              codeSplitting: {
                groups: [
                  { name: 'main', tags: ['$initial'], priority: 3 },
                  // A button's ripple, loaded at the first press (src/player/mui/DeferredTouchRipple.tsx):
                  // its 2 KB alone, not the 50 KB of MUI's lazy parts.
                  { name: 'ripple', test: /node_modules[\\/]@mui[\\/]material[\\/]ButtonBase[\\/](TouchRipple|Ripple)\.mjs$/, priority: 2 },
                  { name: 'mui-lazy', test: /node_modules[\\/]@mui[\\/](material|system|utils|icons-material)[\\/]/, priority: 1 },
                ],
              },
            },
          },
        },
      },
      ...(hasAdmin
        ? {
            admin: {
              consumer: 'client' as const,
              build: {
                emptyOutDir: false,
                // The start is one chunk on purpose (about 1.5 MB minified, 385 KB brotli: react-admin,
                // MUI and the contract the sign-in and user list need); the warning's default is for
                // apps that split by accident.
                chunkSizeWarningLimit: 1700,
                rolldownOptions: {
                  input: { admin: resolve(root, 'admin.html') },
                  // As the player's: what /admin needs at start in one chunk (one request, not
                  // ~40 modulepreloads); the pages opened later share one chunk of MUI and
                  // react-admin parts beside their own.
                  output: {
                    codeSplitting: {
                      groups: [
                        { name: 'admin', tags: ['$initial'], priority: 2 },
                        {
                          name: 'admin-lazy',
                          test: /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|ra-ui-materialui|ra-core)[\\/]/,
                          priority: 1,
                        },
                        // The small shared parts of the later pages (dialogs, buttons, filters) in
                        // one chunk: /admin/withdraw asked for eight chunks under 1 KB, two waves of
                        // requests on a phone's six connections.
                        { name: 'admin-common', test: /[\\/]src[\\/]admin[\\/]common[\\/]/, priority: 1 },
                      ],
                    },
                  },
                },
              },
            },
          }
        : {}),
    },
    // `vite build` builds both: the player first (it empties dist/), then the back office.
    builder: {
      async buildApp(builder) {
        await builder.build(builder.environments.client);
        if (builder.environments.admin) await builder.build(builder.environments.admin);
      },
    },
    server: {
      port: 5173,
      // `vite` (dev) against a running server on :3000; in mock mode msw answers instead.
      proxy: mode === 'mock' ? undefined : { '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: true } },
    },
    preview: { port: 4173 },
  };
});

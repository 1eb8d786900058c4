// The installable app (issue 33), real Chromium against the real server: the manifest parses with
// the room's icons, the service worker takes control, and Chromium's own installability check
// (Page.getInstallabilityErrors: what Lighthouse's installable-manifest audit reported until
// Lighthouse 12 dropped its PWA category) finds nothing wrong. Without a connection a page opens
// the offline page; the worker's caches hold the shell and never an API answer. A browser profile
// of its own (a persistent context): Chromium refuses to install from an incognito one, which every
// new context of the shared browser is. ~15 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { registerPlayer } from './helpers/server';
import { CHROMIUM_OPTIONS, screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();

describe('the installable app', () => {
  it('has a valid manifest and service worker, passes the installability check, and opens an offline page without a connection', async () => {
    const base = env.server.url;
    const player = await registerPlayer(base, `pwa_${Date.now().toString(36)}`);
    const profile = mkdtempSync(join(tmpdir(), 'mp-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM_OPTIONS,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'en-US',
    });
    await context.addInitScript((token) => localStorage.setItem('accessToken', token), player.token);
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto(base);
      await page.getByTestId('lobby').waitFor();
      // Registered after load, active and in control of the page.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      });

      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toBe(`${base}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as { icons: Array<{ src: string; sizes: string; purpose?: string }>; display: string; start_url: string };
      expect(data.display).toBe('standalone');
      expect(data.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of data.icons) expect((await page.request.get(`${base}${icon.src}`)).status(), icon.src).toBe(200);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);

      // The lobby and the wallet have called the API: none of it is in the worker's caches.
      await page.goto(`${base}/profile`);
      await page.getByTestId('wallet-balance').waitFor();
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      expect(cached).toContain('/');
      expect(cached).toContain('/offline.html');
      expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/admin'))).toEqual([]);

      await context.setOffline(true);
      await page.goto(`${base}/table/1`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await page.locator('[lang="mn"]').first().textContent()).toContain('Интернэт холболт алга');
      await screenshot(page, 'pwa-offline-phone');
      await context.setOffline(false);
      await page.goto(base);
      await page.getByTestId('lobby').waitFor();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

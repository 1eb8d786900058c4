// Security headers on every answer: a strict Content-Security-Policy (the access token lives in
// localStorage, so only our own scripts may run) and helmet's usual set, on the API and the HTML.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { JWT_SECRET, setupApp } from './helpers/app';

const root = resolve(__dirname, '../..');
const staticDir = mkdtempSync(join(tmpdir(), 'poker-static-'));
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
);
writeFileSync(
  join(staticDir, 'admin.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/admin.js"></script></body></html>',
);
const ctx = setupApp({ staticDir });
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

/** `default-src 'self'; ...` -> { 'default-src': ["'self'"], ... } */
function directives(csp: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

function expectStrictHeaders(headers: Record<string, unknown>, host = 'localhost:80') {
  const d = directives(headers['content-security-policy'] as string);
  expect(d['default-src']).toEqual(["'self'"]);
  expect(d['script-src']).toEqual(["'self'"]);
  expect(d['script-src-attr']).toEqual(["'none'"]);
  expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(d['img-src']).toEqual(["'self'", 'data:']);
  expect(d['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(d['object-src']).toEqual(["'none'"]);
  expect(d['base-uri']).toEqual(["'self'"]);
  expect(d['frame-ancestors']).toEqual(["'none'"]);
  expect(d['form-action']).toEqual(["'self'"]);
  // Nothing that would let an injected script run.
  const all = Object.values(d).flat();
  expect(all).not.toContain("'unsafe-eval'");
  expect(d['script-src']).not.toContain("'unsafe-inline'");
  expect(all).not.toContain('*');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on an API answer', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/user/maintenance', headers: { host: 'localhost:80' } });
    expect(res.statusCode).toBe(200);
    expectStrictHeaders(res.headers);
  });

  it('are on API errors (401, 400, 404)', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/user/me' },
      { method: 'POST' as const, url: '/api/v1/user/login', payload: { username: 'a\u0000', password: 'x' } },
      { method: 'GET' as const, url: '/api/v1/nope' },
    ]) {
      const res = await ctx.call({ ...req, headers: { host: 'localhost:80' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectStrictHeaders(res.headers);
    }
  });

  it('are on the player and admin HTML, with the socket host of the page in connect-src', async () => {
    for (const url of ['/', '/profile', '/admin', '/admin/withdraw']) {
      const res = await ctx.call({ method: 'GET', url, headers: { host: 'poker.example.mn' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expectStrictHeaders(res.headers, 'poker.example.mn');
    }
  });

  it('ignore X-Forwarded-Host from an untrusted peer and a host that is not one', async () => {
    // No trusted proxy here (TRUST_PROXY off): the header cannot widen connect-src.
    const proxied = await ctx.call({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' } });
    expect(directives(proxied.headers['content-security-policy'] as string)['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:3000', 'wss://127.0.0.1:3000']);
    const odd = await ctx.call({ method: 'GET', url: '/', headers: { host: 'evil.example; script-src *' } });
    expect(directives(odd.headers['content-security-policy'] as string)['connect-src']).toEqual(["'self'"]);
    expect(directives(odd.headers['content-security-policy'] as string)['script-src']).toEqual(["'self'"]);
  });

  it('take the socket host from X-Forwarded-Host when the proxy is trusted (TRUST_PROXY)', async () => {
    const proxied = await buildApp({ db: ctx.db.handle, jwtSecret: JWT_SECRET, seed: false, admin: false, staticDir, trustProxy: ['127.0.0.1'] });
    try {
      await proxied.ready();
      const res = await proxied.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'poker.example.mn' } });
      expect(directives(res.headers['content-security-policy'] as string)['connect-src']).toEqual([
        "'self'",
        'ws://poker.example.mn',
        'wss://poker.example.mn',
      ]);
    } finally {
      await proxied.close();
    }
  });

  it('the pages hold no inline script (source and, when built, dist/)', () => {
    const pages = ['index.html', 'admin.html', 'dist/index.html', 'dist/admin.html'].map((p) => join(root, p)).filter((p) => existsSync(p));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const p of pages) {
      const html = readFileSync(p, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [, attrs, body] of scripts) {
        expect(attrs, p).toMatch(/\ssrc=/);
        expect(body!.trim(), p).toBe('');
      }
      expect(html, p).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
    }
  });
});

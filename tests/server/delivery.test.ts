// How the built apps are served: precompressed brotli or gzip as the browser accepts, hashed
// assets cached for a year and pages revalidated, a real robots.txt, JSON 404 for missing files
// (never the app's HTML), and the build's compressed copies decompress to the originals.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { ASSET_CACHE, PAGE_CACHE } from '../../src/server/plugins/spa';
import { setupApp } from './helpers/app';

const dir = mkdtempSync(join(tmpdir(), 'poker-dist-'));
mkdirSync(join(dir, 'assets'));
const script = `export const lobby = ${JSON.stringify('x'.repeat(4000))};\n`.repeat(5);
writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body>player ${'.'.repeat(2000)}</body></html>`);
writeFileSync(join(dir, 'admin.html'), '<!doctype html><html><body>admin</body></html>');
writeFileSync(join(dir, 'assets', 'lobby-Ab12Cd34.js'), script);
writeFileSync(join(dir, 'assets', 'tiny-Zz99.js'), 'export{}');
const made = precompressDir(dir);
const ctx = setupApp({ staticDir: dir });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, encoding?: string) => ctx.call({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the build', () => {
  it('writes brotli and gzip copies that decompress to the original, skipping files too small to gain', () => {
    expect(made.files).toBe(2); // the script and index.html; admin.html and tiny are under 1 KB
    const raw = readFileSync(join(dir, 'assets', 'lobby-Ab12Cd34.js'));
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'lobby-Ab12Cd34.js.br')))).toEqual(raw);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'lobby-Ab12Cd34.js.gz')))).toEqual(raw);
    expect(made.br).toBeLessThan(made.raw / 10);
    expect(existsSync(join(dir, 'assets', 'tiny-Zz99.js.br'))).toBe(false);
  });
});

describe('serving the apps', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, the file to others', async () => {
    const raw = readFileSync(join(dir, 'assets', 'lobby-Ab12Cd34.js'));
    const br = await get('/assets/lobby-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload)).toEqual(raw);
    const gz = await get('/assets/lobby-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload)).toEqual(raw);
    const plain = await get('/assets/lobby-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(raw);
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    expect((await get('/assets/lobby-Ab12Cd34.js', 'br')).headers['cache-control']).toBe(ASSET_CACHE);
    expect((await get('/assets/tiny-Zz99.js')).headers['cache-control']).toBe(ASSET_CACHE);
    for (const url of ['/', '/table/7', '/profile', '/admin', '/admin/withdraw']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PAGE_CACHE);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await get('/table/7')).body).toContain('player');
    expect((await get('/admin/withdraw')).body).toContain('admin');
  });

  it('answers robots.txt for real, keeping the back office and the API out of indexes', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/admin$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });

  it('answers 404, not the app, for files that do not exist', async () => {
    for (const url of ['/assets/missing-123.js', '/assets/nothing', '/favicon-old.png', '/sitemap.xml', '/admin/thing.map']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

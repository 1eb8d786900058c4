// `npm start` builds the apps only when their sources changed since the last build (or dist/ is
// missing): a hash of every input file is kept in dist/.build-hash. Contents, not times, so a
// fresh clone or a checkout that touches files without changing them does not rebuild.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'src/player',
  'src/admin',
  'src/shared',
  'src/poker',
  'locales',
  // Copied as they are: the service worker, the manifest, the icons, the offline page.
  'public',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/bundle-size.ts',
  'scripts/mui-on-demand.ts',
  'scripts/admin-startup.ts',
  'package-lock.json',
  'tsconfig.json',
];
const STAMP = path.join(root, 'dist', '.build-hash');

export function sourcesHash(): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const file = path.join(root, rel);
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const name of readdirSync(file).sort()) add(path.join(rel, name));
      return;
    }
    hash.update(rel).update('\0').update(readFileSync(file)).update('\0');
  };
  for (const input of INPUTS) add(input);
  return hash.digest('hex');
}

function main(): void {
  const want = sourcesHash();
  // `npm run build` ends with --stamp: whatever built dist/, it is known to match these sources.
  if (process.argv.includes('--stamp')) return writeFileSync(STAMP, `${want}\n`);
  const have = existsSync(STAMP) && existsSync(path.join(root, 'dist', 'index.html')) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (have === want) {
    console.log('build: dist/ is up to date with the sources; not rebuilding');
    return;
  }
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();

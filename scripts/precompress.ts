// Brotli and gzip copies of every text file of the build, made once at build time (level 11 and
// 9: slow to make, free to serve); the server sends them as the browser accepts (spa.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

/** Writes the .br and .gz copies of one file (when it is text of MIN_BYTES or more). */
function compressFile(file: string, total: { files: number; raw: number; br: number; gz: number }): void {
  if (!TEXT.test(file)) return;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) return;
  keep(file, raw, brotliCompressSync(raw, brotliOptions(raw)), gzipSync(raw, { level: 9 }), total);
}

const brotliOptions = (raw: Buffer) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });

function keep(file: string, raw: Buffer, br: Buffer, gz: Buffer, total: { files: number; raw: number; br: number; gz: number }): void {
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  total.files++;
  total.raw += raw.length;
  total.br += br.length;
  total.gz += gz.length;
}

export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else compressFile(file, total);
    }
  };
  walk(dir);
  return total;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** compressFile on libuv's thread pool: the files of a build compress side by side on every core. */
async function compressFileAsync(file: string, total: { files: number; raw: number; br: number; gz: number }): Promise<void> {
  if (!TEXT.test(file)) return;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([brotliAsync(raw, brotliOptions(raw)), gzipAsync(raw, { level: 9 })]);
  keep(file, raw, br, gz, total);
}

/** Compresses the files this build wrote (each app is its own build into the same dist/). */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const total = { files: 0, raw: 0, br: 0, gz: 0 };
      await Promise.all(Object.keys(bundle).map((name) => compressFileAsync(path.join(dir, name), total)));
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info?.(`precompressed ${total.files} files: ${kb(total.raw)} -> brotli ${kb(total.br)}, gzip ${kb(total.gz)}`);
    },
  };
}

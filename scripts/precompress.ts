// Brotli and gzip copies of every text file of the build, made once at build time (level 11 and
// 9: slow to make, free to serve); the server sends them as the browser accepts (spa.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TEXT.test(name)) {
        const raw = readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
        total.files++;
        total.raw += raw.length;
        total.br += br.length;
        total.gz += gz.length;
      }
    }
  };
  walk(dir);
  return total;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const t = precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
    },
  };
}

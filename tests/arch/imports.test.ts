// The import direction poker <- shared <- {server, player, admin}, checked on every file. The QPay
// simulator (src/qpay-sim) plays an outside service: it imports only itself, and of the room only
// the process entry (src/server/server.ts) may start it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const layers = ['poker', 'shared', 'server', 'player', 'admin', 'qpay-sim'] as const;
type Layer = (typeof layers)[number];
const allowed: Record<Layer, Layer[]> = {
  poker: ['poker'],
  shared: ['shared', 'poker'],
  server: ['server', 'shared', 'poker'],
  player: ['player', 'shared', 'poker'],
  admin: ['admin', 'shared', 'poker'],
  'qpay-sim': ['qpay-sim'],
};
/** The one file outside the simulator that may import it: the process entry starts it when QPAY_URL is unset. */
const SIM_STARTER = join('src', 'server', 'server.ts');

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(files(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

describe('import direction', () => {
  for (const layer of layers) {
    it(`src/${layer} imports only ${allowed[layer].join(', ')}`, () => {
      const violations: string[] = [];
      let dirFiles: string[];
      try {
        dirFiles = files(join(root, 'src', layer));
      } catch {
        return;
      }
      for (const file of dirFiles) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(importRe)) {
          const spec = m[1] ?? m[2] ?? m[3];
          if (!spec) continue;
          if (layer === 'poker' && !spec.startsWith('.') && !file.includes(`${join('poker', 'cli')}`)) {
            violations.push(`${relative(root, file)} imports package ${spec}`);
            continue;
          }
          if (!spec.startsWith('.')) continue;
          const target = relative(join(root, 'src'), resolve(dirname(file), spec));
          if (target.startsWith('..')) {
            violations.push(`${relative(root, file)} imports ${spec} (outside src)`);
            continue;
          }
          const targetLayer = target.split(/[\\/]/)[0] as Layer;
          if (targetLayer === 'qpay-sim' && relative(root, file) === SIM_STARTER) continue;
          if (!allowed[layer].includes(targetLayer)) violations.push(`${relative(root, file)} imports ${spec}`);
        }
      }
      expect(violations).toEqual([]);
    });
  }

  it('src/poker never touches the clock, Math.random or Node', () => {
    const bad = files(join(root, 'src', 'poker'))
      .filter((f) => !f.includes(join('poker', 'cli')))
      .filter((f) => /Math\.random|Date\.now|new Date\(|performance\.now|process\.|require\(/.test(stripComments(readFileSync(f, 'utf8'))))
      .map((f) => relative(root, f));
    expect(bad).toEqual([]);
  });
});

// Inside the server: the wings of src/server/wings.json in their order (a wing imports only the
// wings below it, no wing imports the root), no circle between files, and ESLint refusing a new
// import that runs back up.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const serverDir = join(root, 'src', 'server');
const wings = JSON.parse(readFileSync(join(serverDir, 'wings.json'), 'utf8')) as { order: string[]; root: string[] };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

const importRe = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** The file a relative import names (with its .ts, or its folder's index.ts). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}
/** The wing a server file belongs to, or 'root'. */
const wingOf = (file: string) => {
  const first = relative(serverDir, file).split(/[\\/]/)[0];
  return wings.order.includes(first) ? first : 'root';
};
const rank = (wing: string) => (wing === 'root' ? Infinity : wings.order.indexOf(wing));

const graph = new Map<string, string[]>();
for (const file of files(serverDir)) {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const m of text.matchAll(importRe)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target?.startsWith(serverDir)) targets.push(target);
  }
  graph.set(file, targets);
}

describe('the wings of src/server', () => {
  it('every wing imports only the wings below it, and none imports the root', () => {
    const up: string[] = [];
    for (const [file, targets] of graph)
      for (const t of targets)
        if (wingOf(t) !== wingOf(file) && rank(wingOf(t)) > rank(wingOf(file))) up.push(`${relative(root, file)} -> ${relative(root, t)}`);
    expect(up).toEqual([]);
    // The check means something: every wing is a folder that exists, and they all import something.
    for (const wing of wings.order.filter((w) => w !== 'integrity')) expect(existsSync(join(serverDir, wing)), wing).toBe(true);
  });

  it('no file imports itself back through others (no circle)', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const t of graph.get(file) ?? []) {
        if (state.get(t) === 'open') circles.push([...path.slice(path.indexOf(t)), t].map((f) => relative(serverDir, f)).join(' -> '));
        else if (!state.has(t)) visit(t, [...path, t]);
      }
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
    expect(circles).toEqual([]);
  });

  it('ESLint refuses a new import that runs back up, and lets one that goes down pass', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath: join(root, filePath) }))[0].messages.map((m) => m.ruleId);
    const up = "import { TableActor } from '../tables/actor';\nexport const x = TableActor;\n";
    expect(await lint('src/server/accounts/new-file.ts', up)).toContain('no-restricted-imports');
    expect(await lint('src/server/core/new-file.ts', "import { x } from '../services';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(await lint('src/server/tournaments/new-file.ts', up)).not.toContain('no-restricted-imports');
  }, 60_000);
});

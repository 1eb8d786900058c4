// The apps' folders (docs/player.md, docs/admin.md): one folder per feature, imports only run
// down. Checked on every relative import of src/player and src/admin, type-only and lazy ones too:
// - no import reaches a file of a folder above its own (`../x` from a sub-folder into its parent);
// - the folders import each other without a circle (folder to folder, files of the same folder aside);
// - no circle between files;
// - the shared folders (the player's api, mui, hooks, components, theme; the admin's common,
//   dataProvider, i18n, auth, live) import no feature folder.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(files(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

function resolveFile(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return base;
}

/** Every relative import inside `app` (paths relative to it, '/'-separated). */
function graph(app: string): Map<string, string[]> {
  const dir = join(root, 'src', app);
  const edges = new Map<string, string[]>();
  const rel = (p: string) => relative(dir, p).split(sep).join('/');
  for (const file of files(dir)) {
    const targets: string[] = [];
    for (const m of stripComments(readFileSync(file, 'utf8')).matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith('.')) continue;
      const target = rel(resolveFile(file, spec));
      if (!target.startsWith('..')) targets.push(target);
    }
    edges.set(rel(file), targets);
  }
  return edges;
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');
const isAncestor = (a: string, d: string) => a !== d && (a === '.' || d.startsWith(`${a}/`));

/** The circles of a directed graph (Tarjan's strongly connected components of more than one node). */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

const APPS = {
  player: ['api', 'mui', 'hooks', 'components', 'theme'],
  admin: ['common', 'dataProvider', 'i18n', 'auth', 'live'],
} as const;

describe.each(Object.entries(APPS))('src/%s folders', (app, shared) => {
  const edges = graph(app);

  it('no import reaches up into a parent folder', () => {
    const bad: string[] = [];
    for (const [file, targets] of edges) for (const t of targets) if (isAncestor(folderOf(t), folderOf(file))) bad.push(`${file} -> ${t}`);
    expect(bad).toEqual([]);
  });

  it('no circle between files', () => {
    const fileEdges = new Map([...edges].map(([f, ts]) => [f, new Set(ts.filter((t) => edges.has(t)))]));
    expect(circles(fileEdges)).toEqual([]);
  });

  it('no circle between folders', () => {
    const folderEdges = new Map<string, Set<string>>();
    for (const [file, targets] of edges) {
      const from = folderOf(file);
      const set = folderEdges.get(from) ?? new Set<string>();
      for (const t of targets) if (folderOf(t) !== from) set.add(folderOf(t));
      folderEdges.set(from, set);
    }
    expect(circles(folderEdges)).toEqual([]);
  });

  it(`the shared folders (${shared.join(', ')}) import no feature`, () => {
    const top = (f: string) => (f.includes('/') ? f.slice(0, f.indexOf('/')) : '.');
    const isShared = (f: string) => (shared as readonly string[]).includes(top(f));
    const bad: string[] = [];
    for (const [file, targets] of edges) if (isShared(file)) for (const t of targets) if (!isShared(t)) bad.push(`${file} -> ${t}`);
    expect(bad).toEqual([]);
  });
});

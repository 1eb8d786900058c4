// The accessibility sweep (docs/accessibility.md): axe-core through @axe-core/playwright with the
// WCAG 2.0 A/AA and 2.1 AA rules, run on a page in every theme × language, switched in place.
// Both apps follow a choice made in another tab: the player app listens to `storage` events for
// `themeMode` and `i18nextLng`, the back office's react-admin store for its `theme` and `locale`
// keys. The sweep writes the key and dispatches that event, so a dialog or a hand in progress
// stays where it is while the colours and the words change.
// axe-core runs in the page itself: its script is injected once per document and `axe.run` is
// called for each sweep. @axe-core/playwright's analyze() injects the 550 kB script again and opens
// a blank page (axe.finishRun) on every call: 5 to 10 times slower, the most of the sweep's time.
// The pages have no frames, so the results are the same (checked on a page with violations).
import { createRequire } from 'node:module';
import type AxeBuilder from '@axe-core/playwright';
import type { ExpectStatic } from 'vitest';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** axe-core's script: the copy @axe-core/playwright depends on (the version it was made for). */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

export type Theme = 'light' | 'dark';
export type Lang = 'en' | 'mn';
export interface Variant {
  theme: Theme;
  lang: Lang;
}
/** Ends in light English: what the tests click and read between sweeps. */
export const VARIANTS: Variant[] = [
  { theme: 'dark', lang: 'mn' },
  { theme: 'light', lang: 'mn' },
  { theme: 'dark', lang: 'en' },
  { theme: 'light', lang: 'en' },
];

/**
 * The variants swept at a size: two of the four, chosen so that every pair of size, theme and
 * language is swept (an orthogonal array: the desktop in dark Mongolian and light English, the
 * phone in light Mongolian and dark English), each ending in English for the clicks that follow.
 * A11Y_FULL=1 sweeps all four at both sizes.
 */
export function variantsFor(phone: boolean): Variant[] {
  if (process.env.A11Y_FULL) return VARIANTS;
  return phone
    ? [
        { theme: 'light', lang: 'mn' },
        { theme: 'dark', lang: 'en' },
      ]
    : [
        { theme: 'dark', lang: 'mn' },
        { theme: 'light', lang: 'en' },
      ];
}

export interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** Where the app keeps the theme and the language (the storage keys its listeners follow). */
export interface VariantKeys {
  theme: string;
  lang: string;
  /** How the value is written (react-admin's store keeps JSON). */
  encode: (v: string) => string;
}
export const PLAYER_KEYS: VariantKeys = { theme: 'themeMode', lang: 'i18nextLng', encode: (v) => v };
export const ADMIN_KEYS: VariantKeys = { theme: 'RaStorePokerAdmin.theme', lang: 'RaStorePokerAdmin.locale', encode: (v) => JSON.stringify(v) };

/** Is the page's background dark (the theme really switched)? */
async function darkBackground(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector('.MuiPaper-root, main, #root > div') ?? document.body;
    for (const e of [document.body, el]) {
      const m = getComputedStyle(e).backgroundColor.match(/\d+(\.\d+)?/g);
      if (m && (m.length < 4 || Number(m[3]) > 0)) return Number(m[0]) + Number(m[1]) + Number(m[2]) < 200;
    }
    return false;
  });
}

/**
 * Polls (expect.poll belongs to a test's own expect: the files run their sizes concurrently);
 * `nudge` runs every 3 s while the check fails.
 */
async function until(what: string, check: () => Promise<boolean>, timeout = 30_000, nudge?: () => Promise<unknown>): Promise<void> {
  const end = Date.now() + timeout;
  let nextNudge = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    if (nudge && Date.now() > nextNudge) {
      await nudge();
      nextNudge = Date.now() + 3000;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Switches the page to a theme and language in place (transitions off: the colours are final at once). */
export async function setVariant(page: Page, keys: VariantKeys, v: Variant): Promise<boolean> {
  await noTransitions(page);
  const entries: Array<[string, string]> = [
    [keys.theme, keys.encode(v.theme)],
    [keys.lang, keys.encode(v.lang)],
  ];
  /** Writes the values and tells the app's listeners; `always`: tells them even of a value already there. */
  const write = (always: boolean) =>
    page.evaluate(
      ({ entries, always }) => {
        let any = false;
        for (const [key, value] of entries) {
          if (localStorage.getItem(key) === value && !always) continue;
          any ||= localStorage.getItem(key) !== value;
          localStorage.setItem(key, value);
          window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
        }
        return any;
      },
      { entries, always },
    );
  const changed = await write(false);
  // On a loaded machine an event sent while the page was still attaching its listeners is lost:
  // it is sent again every 3 s until the page shows the change.
  const again = () => write(true);
  await until(`<html lang="${v.lang}">`, async () => (await page.evaluate(() => document.documentElement.lang)) === v.lang, 30_000, again);
  await until(`the ${v.theme} theme`, async () => (await darkBackground(page)) === (v.theme === 'dark'), 30_000, again);
  return changed;
}

/**
 * Contrast is judged on the colours a person reads, not halfway through a transition (MUI's take
 * 150-300 ms; on the live table a seat's chip changes colour with every action of the bots): the
 * page's transitions and animations are switched off before a theme changes or axe measures, so
 * neither waits for one to end (a dialog is at full opacity as soon as it is there).
 */
async function noTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById('axe-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.appendChild(style);
  });
}

/** axe.run in the page, axe's script injected first where this document lacks it. */
async function runAxe(page: Page): Promise<AxeResults> {
  const has = () => page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!(await has())) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
}

/** Runs axe on the page as it is; the violations are added to `out`. */
export async function axe(page: Page, where: string, out: Finding[]): Promise<void> {
  const started = Date.now();
  await noTransitions(page);
  const result = await runAxe(page);
  if (process.env.TEST_TIMINGS) console.log(`[a11y] axe ${where}: ${Date.now() - started} ms`);
  for (const v of result.violations) {
    if (process.env.A11Y_VERBOSE) console.log(`[a11y] ${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    out.push({
      where,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)} | ${n.html.slice(0, 160)}`)
        .join('\n      '),
    });
  }
}

export interface SweepOptions {
  /** Waits for (or brings back) the state after a switch: the admin re-renders on a language change. */
  ready?: (v: Variant) => Promise<void>;
  variants?: Variant[];
}

/** The state of the page in every theme × language. */
export async function sweep(page: Page, keys: VariantKeys, where: string, out: Finding[], opts: SweepOptions = {}): Promise<void> {
  const started = Date.now();
  const steps: string[] = [];
  for (const v of opts.variants ?? VARIANTS) {
    let t = Date.now();
    const lap = (what: string) => {
      steps.push(`${what} ${Date.now() - t}`);
      t = Date.now();
    };
    await setVariant(page, keys, v);
    lap(`${v.theme}/${v.lang}: switch`);
    if (opts.ready) await opts.ready(v);
    lap('ready');
    await axe(page, `${where} [${v.theme}/${v.lang}]`, out);
    lap('axe');
  }
  if (process.env.TEST_TIMINGS) console.log(`[a11y] ${where}: ${Date.now() - started} ms (${steps.join(', ')})`);
}

/** One line per rule and place, the places of each rule together. */
export function report(findings: Finding[]): string {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.id, [...(byRule.get(f.id) ?? []), f]);
  const lines: string[] = [];
  for (const [id, list] of byRule) {
    lines.push(`${id} (${list[0].impact}): ${list[0].help}`);
    for (const f of list) lines.push(`  - ${f.where}: ${f.targets.length} node(s)\n      ${f.summary}`);
  }
  return lines.join('\n');
}

/** `expect` is the test's own (concurrent tests). */
export function expectNoViolations(expect: ExpectStatic, findings: Finding[]): void {
  if (findings.length) console.error(`axe violations:\n${report(findings)}`);
  expect(
    findings.map((f) => `${f.where}: ${f.id} ${f.targets.slice(0, 3).join(', ')}`),
    'axe violations (details above)',
  ).toEqual([]);
}

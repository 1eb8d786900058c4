// The accessibility sweep (docs/accessibility.md): axe-core through @axe-core/playwright with the
// WCAG 2.0 A/AA and 2.1 AA rules, run on a page in every theme × language, switched in place.
// Both apps follow a choice made in another tab: the player app listens to `storage` events for
// `themeMode` and `i18nextLng`, the back office's react-admin store for its `theme` and `locale`
// keys. The sweep writes the key and dispatches that event, so a dialog or a hand in progress
// stays where it is while the colours and the words change.
import AxeBuilder from '@axe-core/playwright';
import type { ExpectStatic } from 'vitest';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

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

/** Polls (expect.poll belongs to a test's own expect: the files run their sizes concurrently). */
async function until(what: string, check: () => Promise<boolean>, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function setVariant(page: Page, keys: VariantKeys, v: Variant): Promise<boolean> {
  const changed = await page.evaluate(
    ({ entries }) => {
      let any = false;
      for (const [key, value] of entries) {
        if (localStorage.getItem(key) === value) continue;
        localStorage.setItem(key, value);
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
        any = true;
      }
      return any;
    },
    {
      entries: [
        [keys.theme, keys.encode(v.theme)],
        [keys.lang, keys.encode(v.lang)],
      ] as Array<[string, string]>,
    },
  );
  await until(`<html lang="${v.lang}">`, async () => (await page.evaluate(() => document.documentElement.lang)) === v.lang);
  await until(`the ${v.theme} theme`, async () => (await darkBackground(page)) === (v.theme === 'dark'));
  // Colour transitions (MUI's are 150-300 ms) end before contrast is measured.
  if (changed) await page.waitForTimeout(350);
  return changed;
}

/** Runs axe on the page as it is; the violations are added to `out`. */
export async function axe(page: Page, where: string, out: Finding[]): Promise<void> {
  const started = Date.now();
  // Contrast is judged on the colours a person reads, not halfway through a transition: on the
  // live table a seat's chip changes colour with every action of the bots.
  await page.evaluate(() => {
    if (document.getElementById('axe-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.appendChild(style);
  });
  const result = await new AxeBuilder({ page })
    // options() first: it replaces what withTags() set.
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .analyze();
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
  for (const v of opts.variants ?? VARIANTS) {
    await setVariant(page, keys, v);
    if (opts.ready) await opts.ready(v);
    await axe(page, `${where} [${v.theme}/${v.lang}]`, out);
  }
  if (process.env.TEST_TIMINGS) console.log(`[a11y] ${where}: ${Date.now() - started} ms`);
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

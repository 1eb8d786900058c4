// Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core; no browser download.
// The e2e project's global setup starts ONE Chromium (launchServer) for all its files; each file
// connects to it and works in contexts of its own (closing the connection closes them).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT, providedBrowser } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(ROOT, 'test-artifacts');

/** Debian's Chromium in a container: no sandbox or GPU, and no traffic of its own. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', ...CHROMIUM_FLAGS],
};

/** The shared Chromium when the global setup started one, else a browser of this file's own. */
export async function launch(): Promise<Browser> {
  const ws = providedBrowser();
  if (ws) return chromium.connect(ws);
  return chromium.launch(CHROMIUM_OPTIONS);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Presses a button of the table's toolbar: on a phone it is in the "more" menu. */
export async function pressToolbar(page: Page, phone: boolean, key: string): Promise<void> {
  if (phone) {
    await page.getByTestId('toolbar-more').click();
    await page.locator(`li[data-testid="toolbar-${key}"]`).click();
  } else {
    await page.locator(`button[data-testid="toolbar-${key}"]`).click();
  }
}

/**
 * A toolbar button whose dialog is `target`: pressed again if it did not come (a click lost while
 * the table re-renders on a loaded machine, or another dialog, such as a sit-in choice after a
 * bust, opened over it). A third miss fails, with a screenshot named `shot`.
 */
export async function openFromToolbar(page: Page, phone: boolean, key: string, target: Locator, shot: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await pressToolbar(page, phone, key);
    const opened = await target
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) return;
    await screenshot(page, `${shot}-no-${key}-${attempt}`);
    if (attempt === 3) throw new Error(`no dialog came after 3 presses of ${key}`);
    await page.keyboard.press('Escape');
  }
}

/** True when the page can scroll sideways (the phone rule: it must not). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Picks an option of an MUI select (the combobox inside `root`). */
export async function muiSelect(page: Page, rootSelector: string, optionName: string): Promise<void> {
  await page.locator(`${rootSelector} [role="combobox"]`).first().click();
  await page.getByRole('option', { name: optionName, exact: true }).click();
}

/** An amount as the apps show it: the number, a no-break space and the tugrik sign. */
export const money = (n: string) => `${n}\u00a0₮`;

export interface Size {
  name: string;
  width: number;
  height: number;
  phone: boolean;
}
/** The two windows the browser suites check: a desktop and a 375 px phone. */
/** The context options of a size: a phone is a touch device at twice the pixels; English. */
export function sizeOptions(size: Size) {
  return {
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.phone ? 2 : 1,
    isMobile: size.phone,
    hasTouch: size.phone,
    locale: 'en-US',
  };
}

export const SIZES: Size[] = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 375, height: 812, phone: true },
];

// Draws the installable app's icons (public/icons/*.png) from the room's mark (the gold chip with a
// spade of src/player/components/Logo.tsx) in Debian's Chromium. Run once when the mark changes:
//   npx tsx scripts/pwa-icons.ts
// "any" icons are the chip on a transparent ground; the maskable one and Apple's touch icon put it
// on the felt green, inside the centre 80 % that every launcher's mask keeps.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const spokes = [0, 45, 90, 135, 180, 225, 270, 315]
  .map((a) => `<rect x="29" y="2" width="6" height="9" rx="1.5" fill="#fff7e0" transform="rotate(${a} 32 32)"/>`)
  .join('');
const MARK = `<circle cx="32" cy="32" r="30" fill="#e0a526"/><circle cx="32" cy="32" r="22" fill="#0b7a4b"/>${spokes}<path d="M32 18c-4 6-12 9.5-12 16a6.5 6.5 0 0 0 10.5 5.1L28 46h8l-2.5-6.9A6.5 6.5 0 0 0 44 34c0-6.5-8-10-12-16z" fill="#fff7e0"/>`;

/** The mark at `scale` of the square (1 = edge to edge), on `ground` (null: transparent). */
const svg = (ground: string | null, scale: number) => {
  const pad = (64 / scale - 64) / 2;
  const box = 64 + 2 * pad;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${box} ${box}">${ground ? `<rect x="${-pad}" y="${-pad}" width="${box}" height="${box}" fill="${ground}"/>` : ''}${MARK}</svg>`;
};

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: svg(null, 1) },
  { file: 'icon-512.png', size: 512, svg: svg(null, 1) },
  { file: 'icon-maskable-512.png', size: 512, svg: svg('#0b7a4b', 0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: svg('#0b7a4b', 0.82) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'icon.svg'), svg(null, 1));
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    writeFileSync(join(OUT, icon.file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${OUT}`);

// Hand names in both languages: the English locale words every hand exactly as the engine does,
// Mongolian words them from the same parts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeHand, MAX_STRENGTH } from '../../src/poker';
import { localizeHandName } from '../../src/shared/format/handName';

const common = (lang: string) => JSON.parse(readFileSync(resolve(__dirname, `../../locales/${lang}/common.json`), 'utf8'));
const i18n = createInstance();
const t = (lang: string) => i18n.getFixedT(lang, 'table') as (k: string, o?: Record<string, unknown>) => string;

beforeAll(async () => {
  await i18n.init({ resources: { en: { common: common('en'), table: {} }, mn: { common: common('mn'), table: {} } }, lng: 'en', ns: ['common', 'table'] });
});

describe('localizeHandName', () => {
  it('words all 7462 hands in English exactly as describeHand', () => {
    for (let s = 1; s <= MAX_STRENGTH; s++) expect(localizeHandName(describeHand(s), t('en'))).toBe(describeHand(s));
  });

  it('words hands in Mongolian', () => {
    const mn = t('mn');
    expect(localizeHandName('Full house, tens over fours', mn)).toBe('Фулл хаус: гурван арав, хоёр дөрөв');
    expect(localizeHandName('Two pair, kings and sevens', mn)).toBe('Хоёр хос: ноён, долоо');
    expect(localizeHandName('Pair of aces', mn)).toBe('Хос туз');
    expect(localizeHandName('Straight, five high', mn)).toBe('Стрит, дээд нь тав');
    expect(localizeHandName('Royal flush', mn)).toBe('Роял флаш');
    for (let s = 1; s <= MAX_STRENGTH; s++) expect(localizeHandName(describeHand(s), mn)).not.toMatch(/[a-z{}]/);
  });

  it('leaves text it does not know as it is', () => {
    expect(localizeHandName('unknown', t('mn'))).toBe('unknown');
  });
});

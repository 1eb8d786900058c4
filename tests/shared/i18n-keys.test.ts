// Every locale namespace has the same keys in en and mn, no empty values, the same {{placeholders}},
// and Mongolian text that is not just the English copied.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../locales');

/** Values allowed to be identical in both languages: symbols, codes, brand-neutral tokens. */
const SAME_IN_BOTH = new Set(['₮', 'PHH', 'EN', 'MN', 'ID', '№']);
/** Values with no words once placeholders are removed ("{{i}} / {{n}}") read the same in any language. */
const languageNeutral = (v: string) => SAME_IN_BOTH.has(v.trim()) || !/\p{L}/u.test(v.replace(/\{\{[^}]*\}\}/g, ''));
/** Keys (namespace:key) allowed to be identical whatever their value. */
const SAME_KEYS = new Set<string>();

function flatten(obj: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof obj !== 'object' || obj === null) return out;
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null) Object.assign(out, flatten(v, key));
    else out[key] = String(v);
  }
  return out;
}

const load = (lang: string, file: string) => flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8')));
const namespaces = [...new Set([...readdirSync(join(root, 'en')), ...readdirSync(join(root, 'mn'))])].filter((f) => f.endsWith('.json'));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('have the player namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common.json', 'player.json']));
  });

  for (const file of namespaces) {
    const ns = file.replace(/\.json$/, '');
    describe(file, () => {
      const en = (() => {
        try {
          return load('en', file);
        } catch {
          return null;
        }
      })();
      const mn = (() => {
        try {
          return load('mn', file);
        } catch {
          return null;
        }
      })();

      it('exists in both languages', () => {
        expect(en, `locales/en/${file}`).not.toBeNull();
        expect(mn, `locales/mn/${file}`).not.toBeNull();
      });

      it('has the same keys in en and mn', () => {
        const enKeys = Object.keys(en ?? {}).sort();
        const mnKeys = Object.keys(mn ?? {}).sort();
        expect(
          enKeys.filter((k) => !mnKeys.includes(k)),
          'missing in mn',
        ).toEqual([]);
        expect(
          mnKeys.filter((k) => !enKeys.includes(k)),
          'missing in en',
        ).toEqual([]);
      });

      it('has no empty values and the same placeholders', () => {
        for (const [k, v] of Object.entries(en ?? {})) {
          expect(v.trim(), `en ${ns}:${k}`).not.toBe('');
          const m = mn?.[k];
          if (m === undefined) continue;
          expect(m.trim(), `mn ${ns}:${k}`).not.toBe('');
          expect(placeholders(m), `placeholders of ${ns}:${k}`).toEqual(placeholders(v));
        }
      });

      it('is translated: no mn value equals the en value (except symbols and brand names)', () => {
        const copied = Object.entries(en ?? {})
          .filter(([k, v]) => mn?.[k] === v && !languageNeutral(v) && !SAME_KEYS.has(`${ns}:${k}`))
          .map(([k, v]) => `${ns}:${k} = ${JSON.stringify(v)}`);
        expect(copied).toEqual([]);
      });
    });
  }

  it('Mongolian is written in Cyrillic', () => {
    const mn = load('mn', 'player.json');
    const cyrillic = Object.values(mn).filter((v) => /[А-Яа-яӨөҮүЁё]/.test(v)).length;
    expect(cyrillic / Object.values(mn).length).toBeGreaterThan(0.9);
  });

  it('carries the SPEC §8 messages verbatim in English', () => {
    const en = load('en', 'player.json');
    expect(en['auth.loginSuccess']).toBe('Successfully logged in');
    expect(en['auth.loginFailed']).toBe('Login failed');
    expect(en['auth.registerSuccess']).toBe('Registered successfully');
    expect(en['auth.registerError']).toBe('Registration error: ');
    expect(en['auth.registerGenericError']).toBe('An error occurred during registration');
    expect(en['withdraw.success']).toBe('Withdrawal created successfully');
    expect(en['withdraw.unknownError']).toBe('Unknown error occurred');
    expect(en['withdraw.empty']).toBe('No withdrawals found!');
    expect(en['withdraw.required']).toBe('Please enter amount!');
    expect(en['withdraw.tooMuch']).toBe('Too much');
    expect(en['withdraw.tooLow']).toBe('Too low');
  });
});

// The TOML reader (src/poker/phh/toml.ts) and the PHH import on top of it: cross-checked against
// smol-toml on every conformance file, exact decimal amounts, and bad input reported as a result.
import { readFileSync } from 'node:fs';
import { parse as smolParse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, fromUnits, parsePhh, parseToml, toUnits, TomlDecimal, TomlError, TomlTime, type TomlValue } from '../../src/poker/index';
import { corpusFiles, label } from '../conformance/corpus';

const files = [...corpusFiles('real'), ...corpusFiles('generated')];

/** Our value in smol-toml's terms; null for a value holding a decimal (compared separately). */
function plain(v: TomlValue): unknown {
  if (v instanceof TomlDecimal) return null;
  if (Array.isArray(v)) {
    const out = v.map(plain);
    return out.includes(null) ? null : out;
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const p = plain(x);
      if (p === null) return null;
      out[k] = p;
    }
    return out;
  }
  return v;
}

/** Decimals as the float smol-toml reads (only to check that the text is the same number). */
function asFloats(v: TomlValue): unknown {
  if (v instanceof TomlDecimal) return Number(v.text);
  if (Array.isArray(v)) return v.map(asFloats);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asFloats(x)]));
  return v;
}

describe('TOML reader against smol-toml', () => {
  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(600);
  });

  it('reads every conformance file to the same keys and the same non-decimal values', () => {
    const problems: string[] = [];
    let decimalFields = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const ours = parseToml(text);
      const theirs = smolParse(text) as Record<string, unknown>;
      if (JSON.stringify(Object.keys(ours).sort()) !== JSON.stringify(Object.keys(theirs).sort())) {
        problems.push(`${label(f)}: keys differ`);
        continue;
      }
      for (const k of Object.keys(ours)) {
        const p = plain(ours[k]);
        if (p === null) {
          decimalFields++;
          // A decimal field: the exact text denotes the very number smol-toml read as a float.
          if (JSON.stringify(asFloats(ours[k])) !== JSON.stringify(theirs[k])) problems.push(`${label(f)}: ${k} (decimal) differs`);
        } else if (JSON.stringify(p) !== JSON.stringify(theirs[k])) {
          problems.push(`${label(f)}: ${k}: ours ${JSON.stringify(p)}, smol-toml ${JSON.stringify(theirs[k])}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(decimalFields).toBeGreaterThan(0); // the real cash hands have dollar amounts
  });

  it('keeps decimals as their exact text', () => {
    const t = parseToml('a = 434.05\nb = [1070.10, 150, -0.5]\nc = 1_000\n');
    expect(t.a).toBeInstanceOf(TomlDecimal);
    expect((t.a as TomlDecimal).text).toBe('434.05');
    expect((t.b as TomlValue[]).map((x) => (x instanceof TomlDecimal ? x.text : x))).toEqual(['1070.10', 150, '-0.5']);
    expect(t.c).toBe(1000);
  });

  it('reads the TOML a hand history may use: comments, strings, escapes, tables, multi-line arrays', () => {
    const t = parseToml(
      [
        '# comment',
        'variant = "NT" # trailing comment',
        "lit = 'C:\\path'",
        'esc = "tab\\there \\"q\\" \\u00e9"',
        'multi = """',
        'two',
        'lines"""',
        'ok = true',
        'no = false',
        'hex = 0xff',
        'arr = [',
        '  "p1 cc",  # a comment inside',
        '  "p2 f",',
        ']',
        'inline = { a = 1, "b c" = "x" }',
        'dotted.key = 3',
        '[table]',
        'x = [[1, 2], [3]]',
      ].join('\n'),
    );
    expect(t).toEqual({
      variant: 'NT',
      lit: 'C:\\path',
      esc: 'tab\there "q" é',
      multi: 'two\nlines',
      ok: true,
      no: false,
      hex: 255,
      arr: ['p1 cc', 'p2 f'],
      inline: { a: 1, 'b c': 'x' },
      dotted: { key: 3 },
      table: { x: [[1, 2], [3]] },
    });
  });

  it('reads a local time (PHH `time`) as its text; dates stay refused', () => {
    const t = parseToml('time = 20:12:07\nfine = 07:00:00.250\n');
    expect(t.time).toBeInstanceOf(TomlTime);
    expect((t.time as TomlTime).text).toBe('20:12:07');
    expect((t.fine as TomlTime).text).toBe('07:00:00.250');
    for (const bad of ['t = 24:00:00', 't = 7:00:00', 't = 20:12', 't = 1979-05-27T07:32:00']) expect(() => parseToml(bad), bad).toThrow(TomlError);
  });

  it('throws a TomlError (never anything else) on malformed TOML', () => {
    for (const bad of ['a = ', 'a = "unterminated', 'a = [1, 2', '= 1', 'a = 1979-05-27', 'a = 1.', 'a = 9999999999999999999', 'a = "x"\na = "y"']) {
      expect(() => parseToml(bad), bad).toThrow(TomlError);
    }
  });
});

describe('exact amounts', () => {
  it('scales decimals by string arithmetic, never through floats', () => {
    expect(toUnits('434.05', 2)).toBe(43405);
    expect(toUnits(new TomlDecimal('434.05'), 2)).toBe(43405);
    // 0.29 * 100 is 28.999999999999996 in binary floats; 1066.1 * 100 is 106609.99999999999.
    expect(toUnits('0.29', 2)).toBe(29);
    expect(toUnits('1066.1', 2)).toBe(106610);
    expect(toUnits('1070.10', 1)).toBe(10701); // trailing zeros beyond the scale are harmless
    expect(toUnits(150, 2)).toBe(15000);
    expect(toUnits('-0.5', 2)).toBe(-50);
    expect(toUnits('1.005', 2)).toBeNull(); // more places than the scale: not an amount
    expect(toUnits('abc', 2)).toBeNull();
    expect(toUnits('1e3', 0)).toBeNull();
    expect(decimalPlaces(new TomlDecimal('434.05'))).toBe(2);
    expect(decimalPlaces(7)).toBe(0);
    expect(fromUnits(43205, 2)).toBe('432.05');
    expect(fromUnits(106610, 2)).toBe('1066.1');
    expect(fromUnits(5, 2)).toBe('0.05');
    expect(fromUnits(-50, 2)).toBe('-0.5');
    expect(fromUnits(1200, 0)).toBe('1200');
  });

  it('reads a cash hand in cents: the scale is the most decimal places of any amount', () => {
    const r = parsePhh(
      'variant = "NT"\nantes = 0\nblinds_or_straddles = [0.02, 0.04]\nmin_bet = 0.04\nstarting_stacks = [434.05, 1070.1]\nactions = ["p2 cbr 0.1"]\n',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.hand.places).toBe(2);
    expect(r.hand.config).toMatchObject({ startingStacks: [43405, 107010], blindsOrStraddles: [2, 4], minBet: 4, antes: [0, 0] });
  });

  it('reads the real cash hands of the corpus to integer cents', () => {
    const f = corpusFiles('real').find((x) => x.includes('handhq_ongame'))!;
    const r = parsePhh(readFileSync(f, 'utf8'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.hand.places).toBe(2);
      for (const x of r.hand.config.startingStacks) expect(Number.isSafeInteger(x)).toBe(true);
    }
  });
});

describe('bad input is a result, not a throw', () => {
  const cases: Record<string, string> = {
    'not TOML': 'this is not toml at all',
    'binary garbage': '\u0000\u0001\u00ff{{{',
    empty: '',
    'unknown variant': 'variant = "FT"\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n',
    'missing field': 'variant = "NT"\nantes = 0\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n',
    'actions not strings': 'variant = "NT"\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = [1, 2]\n',
    'amount not a number': 'variant = "NT"\nantes = 0\nblinds_or_straddles = [1, "two"]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n',
    'bad trimming flag':
      'variant = "NT"\nante_trimming_status = "yes"\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, () => {
      let r: ReturnType<typeof parsePhh> | undefined;
      expect(() => (r = parsePhh(text))).not.toThrow();
      expect(r!.ok).toBe(false);
      if (r && !r.ok) expect(typeof r.error).toBe('string');
    });
  }
});

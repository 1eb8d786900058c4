import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDateTime, formatMoney, formatNumber, formatSignedMoney, parseMoney } from '../../src/shared/format';

const NBSP = '\u00a0';

describe('tugrik formatting', () => {
  it('groups with commas in English: "1,250,000 ₮"', () => {
    expect(formatMoney(1_250_000, 'en')).toBe(`1,250,000${NBSP}₮`);
    expect(formatMoney(0, 'en')).toBe(`0${NBSP}₮`);
    expect(formatMoney(999, 'en')).toBe(`999${NBSP}₮`);
    expect(formatMoney(1000, 'en')).toBe(`1,000${NBSP}₮`);
    expect(formatMoney(10_000_000, 'en')).toBe(`10,000,000${NBSP}₮`);
  });

  it('groups with no-break spaces in Mongolian: "1 250 000 ₮"', () => {
    expect(formatMoney(1_250_000, 'mn')).toBe(`1${NBSP}250${NBSP}000${NBSP}₮`);
    expect(formatMoney(1_250_000, 'mn-MN')).toBe(formatMoney(1_250_000, 'mn'));
  });

  it('keeps the sign, signs gains, drops fractions', () => {
    expect(formatMoney(-5000, 'en')).toBe(`-5,000${NBSP}₮`);
    expect(formatSignedMoney(5000, 'en')).toBe(`+5,000${NBSP}₮`);
    expect(formatSignedMoney(-5000, 'en')).toBe(`-5,000${NBSP}₮`);
    expect(formatNumber(1234.9, 'en')).toBe('1,234');
    expect(formatNumber(Number.NaN, 'en')).toBe('0');
  });

  it('falls back to English for unknown languages', () => {
    expect(formatMoney(1_250_000, 'de')).toBe(`1,250,000${NBSP}₮`);
  });

  it('compacts big numbers', () => {
    expect(formatCompact(2_000_000, 'en')).toBe('2M');
    expect(formatCompact(1_500_000, 'mn')).toBe('1,5 сая');
    expect(formatCompact(25_000, 'en')).toBe('25K');
    expect(formatCompact(500, 'en')).toBe('500');
  });

  it('parses what people type', () => {
    expect(parseMoney('1,250,000')).toBe(1_250_000);
    expect(parseMoney('1 250 000 ₮')).toBe(1_250_000);
    expect(parseMoney(`1${NBSP}250`)).toBe(1250);
    expect(parseMoney('12.5')).toBeNaN();
    expect(parseMoney('-5')).toBeNaN();
    expect(parseMoney('abc')).toBeNaN();
    expect(parseMoney('')).toBeNaN();
  });
});

describe('dates', () => {
  const d = new Date(2026, 10, 22, 14, 5); // local time
  it('English: "22 Nov 2026, 14:05"; Mongolian: "2026.11.22 14:05"', () => {
    expect(formatDateTime(d, 'en')).toBe('22 Nov 2026, 14:05');
    expect(formatDateTime(d, 'mn')).toBe('2026.11.22 14:05');
    expect(formatDate(d, 'en')).toBe('22 Nov 2026');
    expect(formatDate(d, 'mn')).toBe('2026.11.22');
  });
  it('shows a dash for missing or bad dates', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'mn')).toBe('—');
  });
});

// Bank statement parsing (docs/payments.md, "Bank statements"): the banks' column names found
// below title rows, totals rows skipped, numbers and dates as banks write them, the generic
// layout, and every bad line reported with its number.
import { describe, expect, it } from 'vitest';
import { parseAmount, parseBankDate, parseCsv } from '../../../src/server/wallet/bank/csv';
import { parseStatement } from '../../../src/server/wallet/bank/formats';
import { depositCodesIn, withdrawalCodesIn, batchCodesIn } from '../../../src/server/wallet/bank/match';
import { fingerprints } from '../../../src/server/wallet/bank/statements';

const KHAN = `\uFEFFДансны хуулга;;;;;;;
Данс: 5012345678;Mongol Poker LLC;;;;;;
Гүйлгээний огноо;Салбар;Эхний үлдэгдэл;Дебит гүйлгээ;Кредит гүйлгээ;Эцсийн үлдэгдэл;Гүйлгээний утга;Харьцсан данс
2026.11.28 09:15;Төв;1,000,000.00;;150,000.00;1,150,000.00;poker DACDEFGH;5001112233
2026.11.28 10:02;Төв;1,150,000.00;-40,000.00;;1,110,000.00;Шимтгэл;
2026.11.28 11:30;Төв;1,110,000.00;;"25,000.00";1,135,000.00;"Орлого, ""D ACD EFGH"" хураамж";4001234567
Нийт;;;40,000.00;175,000.00;;;
`;

describe('bank statements: parsing', () => {
  it('reads a Khan Bank export: title rows, semicolons, debit and credit columns, totals row skipped, Ulaanbaatar time', () => {
    const r = parseStatement(KHAN, 'KHAN');
    expect(r.errors).toEqual([]);
    expect(r.lines.map((l) => [l.lineNo, l.direction, l.amount, l.description, l.counterparty])).toEqual([
      [4, 'IN', 150_000, 'poker DACDEFGH', '5001112233'],
      [5, 'OUT', 40_000, 'Шимтгэл', null],
      [6, 'IN', 25_000, 'Орлого, "D ACD EFGH" хураамж', '4001234567'],
    ]);
    expect(r.lines[0].bookedAt.toISOString()).toBe('2026-11-28T01:15:00.000Z');
    // The same file read without saying which bank.
    expect(parseStatement(KHAN, 'AUTO').lines).toHaveLength(3);
  });

  it('reads income / expense columns (Golomt) and the generic layout with signed amounts', () => {
    const golomt = 'Огноо,Гүйлгээний утга,Орлого,Зарлага,Үлдэгдэл\n2026-11-27,DQRTUVWX,"50,000",,"50,000"\n2026-11-27,PB-ACDEFGHJ payout,,"30,000","20,000"\n';
    expect(parseStatement(golomt, 'GOLOMT').lines.map((l) => [l.direction, l.amount])).toEqual([
      ['IN', 50_000],
      ['OUT', 30_000],
    ]);
    const generic =
      'date,amount,description,reference,counterparty\n2026-11-27 08:00:00,75000,transfer DQRTUVWX,TX-1,5000000001\n2026-11-27,-12000,WDR-ACDEFGHJ,TX-2,\n';
    const g = parseStatement(generic, 'GENERIC');
    expect(g.errors).toEqual([]);
    expect(g.lines.map((l) => [l.direction, l.amount, l.reference])).toEqual([
      ['IN', 75_000, 'TX-1'],
      ['OUT', 12_000, 'TX-2'],
    ]);
  });

  it('refuses a file with any bad line, naming each: dates, fractions, both sides, zero, no header', () => {
    const bad =
      'date,amount,description,reference,counterparty\n2026-13-01,100,x,,\n2026-11-01,100.50,x,,\nnot a date,5,x,,\n2026-11-01,0,x,,\n2026-11-01,abc,x,,\n2026-02-30,5,x,,\n';
    const r = parseStatement(bad, 'GENERIC');
    expect(r.lines).toHaveLength(0);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(r.errors[1].message).toContain('not a whole amount');
    const both = 'Огноо;Гүйлгээний утга;Кредит;Дебит\n2026-11-01;x;100;50\n';
    expect(parseStatement(both, 'AUTO').errors[0].message).toBe('both a credit and a debit');
    expect(parseStatement('a,b,c\n1,2,3\n', 'AUTO').errors[0].message).toMatch(/no header row/);
    expect(parseStatement('date,amount,description\n"unclosed,1,x\n', 'AUTO').errors[0].message).toMatch(/never closed/);
    expect(parseStatement('date,amount,description\n', 'GENERIC').errors[0].message).toBe('the statement has no lines');
  });

  it('numbers and dates as banks write them', () => {
    expect(parseAmount('1,234,567.00')).toEqual({ value: 1_234_567 });
    expect(parseAmount('1 234 567,00')).toEqual({ value: 1_234_567 });
    expect(parseAmount('(40,000.00)')).toEqual({ value: -40_000 });
    expect(parseAmount('1.234.567')).toEqual({ value: 1_234_567 });
    expect(parseAmount('12.5')).toMatchObject({ error: expect.stringContaining('not a whole') });
    expect(parseAmount('')).toBeNull();
    expect(parseBankDate('28.11.2026')?.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(parseBankDate('2026/11/28 23:59:59')?.toISOString()).toBe('2026-11-28T15:59:59.000Z');
    expect(parseBankDate('2026-04-31')).toBeNull();
    expect(parseCsv('a;"b;c";d\r\ne;f;g').rows).toEqual([
      ['a', 'b;c', 'd'],
      ['e', 'f', 'g'],
    ]);
  });

  it('finds deposit codes as typed, and withdrawal and batch codes', () => {
    expect(depositCodesIn('poker dacdefgh thanks')).toEqual(['DACDEFGH']);
    expect(depositCodesIn('D ACD-EFGH')).toEqual(['DACDEFGH']);
    expect(depositCodesIn('DACDEFGH and DQRTUVWX')).toEqual(['DACDEFGH', 'DQRTUVWX']);
    expect(depositCodesIn('DEPOSIT 5000')).toEqual([]);
    expect(withdrawalCodesIn('payout wdr-acdefghj')).toEqual(['WDR-ACDEFGHJ']);
    expect(batchCodesIn('PBACDEFGHJ bulk')).toEqual(['PB-ACDEFGHJ']);
  });

  it('fingerprints: equal lines in one file are distinct, the same file twice gives the same ones', () => {
    const two = parseStatement('date,amount,description,reference,counterparty\n2026-11-01,100,x,,\n2026-11-01,100,x,,\n', 'GENERIC').lines;
    const [a, b] = fingerprints('KHAN', two);
    expect(a).not.toBe(b);
    expect(fingerprints('KHAN', two)).toEqual([a, b]);
    expect(fingerprints('GOLOMT', two)[0]).not.toBe(a);
  });
});

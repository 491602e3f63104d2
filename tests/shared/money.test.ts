// Money typed by an organiser becomes whole minor units by string and integer arithmetic (never a float), with
// each currency's own decimals: JPY none, EUR two, KWD three. And back: minor units read as the decimal typed.
import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, parseMoney } from '../../shared/money';

describe('Typed amounts in minor units', () => {
  it('When an amount is typed in euros, then it is counted in cents exactly', () => {
    expect(parseMoney('12.50', 'EUR')).toEqual({ amount: 1250 });
    expect(parseMoney('12,5', 'EUR')).toEqual({ amount: 1250 });
    expect(parseMoney('12', 'EUR')).toEqual({ amount: 1200 });
    expect(parseMoney(' 0.07 ', 'EUR')).toEqual({ amount: 7 });
    expect(parseMoney('.5', 'EUR')).toEqual({ amount: 50 });
    // 0.1 + 0.2 style sums and 1.005 * 100 = 100.49999… never happen: 1.15 is 115, 10000.01 is 1000001.
    expect(parseMoney('1.15', 'EUR')).toEqual({ amount: 115 });
    expect(parseMoney('4.35', 'EUR')).toEqual({ amount: 435 });
    expect(parseMoney('10000.01', 'EUR')).toEqual({ amount: 1000001 });
  });

  it('When the currency has no decimals or three, then the minor unit follows it', () => {
    expect(parseMoney('1500', 'JPY')).toEqual({ amount: 1500 });
    expect(parseMoney('1500.00', 'JPY')).toEqual({ amount: 1500 });
    expect(parseMoney('1500.5', 'JPY')).toEqual({ error: 'decimals' });
    expect(parseMoney('1.25', 'KWD')).toEqual({ amount: 1250 });
    expect(parseMoney('1.250', 'KWD')).toEqual({ amount: 1250 });
    expect(parseMoney('0.001', 'KWD')).toEqual({ amount: 1 });
    expect(parseMoney('0.0015', 'KWD')).toEqual({ error: 'decimals' });
    expect(parseMoney('12.505', 'EUR')).toEqual({ error: 'decimals' });
  });

  it('When the amount is typed in Arabic-Indic digits, then it reads as the same number', () => {
    expect(parseMoney('١٢٫٥٠', 'EUR')).toEqual({ amount: 1250 });
    expect(parseMoney('۱۵۰۰', 'JPY')).toEqual({ amount: 1500 });
  });

  it('When the text is not an amount, then it is refused as such, thousands separators included', () => {
    for (const text of ['', ' ', 'abc', '12.50 €', '-5', '1,250.00', '1.2.3', '1e3', '0x10', '12 50', '+3'])
      expect(parseMoney(text, 'EUR'), text).toEqual({ error: 'format' });
    expect(parseMoney('9'.repeat(16), 'JPY')).toEqual({ error: 'format' });
  });

  it('When minor units are written back, then the text parses to the same amount', () => {
    for (const [amount, currency] of [
      [1250, 'EUR'],
      [7, 'EUR'],
      [1500, 'JPY'],
      [1250, 'KWD'],
      [1_000_000, 'EUR'],
    ] as const) {
      expect(parseMoney(minorToDecimal(amount, currency), currency)).toEqual({ amount });
    }
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1250, 'KWD', 'en')).toMatch(/^KWD\s1\.250$/);
  });
});

// Money as the product keeps it: whole minor units (cents, yen, fils) of an ISO 4217 currency, never a float.
// The currency list and each currency's decimals come from Intl, in the server and the browser alike.

const CODE = /^[A-Z]{3}$/;
let known: ReadonlySet<string> | null = null;

/** An ISO 4217 code this runtime knows (EUR, JPY, KWD): the codes Intl formats. */
export function isCurrencyCode(code: string): boolean {
  if (!CODE.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** How many decimals the currency's minor unit has: JPY 0, EUR 2, KWD 3. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Minor units as a decimal string ("12.50", "1500", "1.250"), by integer arithmetic only: for CSVs and for
 * Intl.NumberFormat, which takes such a string without passing it through a float.
 */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The amount in the reader's language (€12.50, ¥1,500, KWD 1.250). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  // A decimal string keeps the exact minor units (format() accepts one since ES2023).
  return format.format(minorToDecimal(amount, currency) as unknown as number);
}

/** Why a typed amount is not one: not a number as written, or more decimals than the currency has. */
export type MoneyParseError = 'format' | 'decimals';

// Arabic-Indic and Persian digits read as the ASCII ones: an Arabic keyboard types ١٢٫٥٠.
const NATIVE_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const AMOUNT = /^(\d+)(?:[.,\u066B](\d*))?$|^[.,\u066B](\d+)$/;

/**
 * A typed amount in major units ("12.50", "12,5", "1500", "0.250") as whole minor units of the currency, by
 * string and integer arithmetic only: "12.50" EUR is 1250, "1500" JPY 1500, "1.25" KWD 1250. One decimal mark (a
 * point or a comma) and no thousands separators: "1,250" would mean 1250 to one reader and 1.25 to another.
 */
export function parseMoney(text: string, currency: string): { amount: number } | { error: MoneyParseError } {
  const normal = text.trim().replace(NATIVE_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
  const match = AMOUNT.exec(normal);
  if (!match) return { error: 'format' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  const digits = minorDigits(currency);
  if (fraction.length > digits) return { error: 'decimals' };
  const minor = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  // Beyond 15 digits an integer is no longer exact in a JavaScript number.
  if (minor.length > 15) return { error: 'format' };
  return { amount: Number(minor) };
}

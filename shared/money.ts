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

/**
 * Numbers in Arabic text the backend writes (mails, surcharge descriptions) use Arabic-Indic
 * digits, as the storefront's Arabic pages do (docs/decisions/015-digits.md); identifiers (codes,
 * phone numbers) are not numbers and stay Latin. ar-SA is the locale whose digits those are.
 */
const whole = new Intl.NumberFormat('ar-SA', { useGrouping: false });
const amount = new Intl.NumberFormat('ar-SA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A count ("١٥ دقيقة"). */
export const arabicNumber = (n: number): string => whole.format(n);

/** An amount in halalas as riyals with two decimals ("١٥٫٠٠"). */
export const arabicRiyals = (halalas: number): string => amount.format(halalas / 100);

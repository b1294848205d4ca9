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

const LATIN_PHRASE = /[A-Za-z0-9%.,:/+\-–&'’ ]*[A-Za-z][A-Za-z0-9%.,:/+\-–&'’ ]*/g;
const toIndic = (text: string) => text.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/**
 * Latin digits in Arabic text typed in the admin (an address: "مبنى 12") as Arabic-Indic ones;
 * a Latin phrase ("Olaya Tower 2") is left as written, as the storefront's localizeDigits does.
 */
export function arabicDigitsIn(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LATIN_PHRASE)) {
    out += toIndic(text.slice(last, m.index)) + m[0];
    last = m.index! + m[0].length;
  }
  return out + toIndic(text.slice(last));
}

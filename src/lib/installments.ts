/**
 * What a buy-now-pay-later plan (Tamara, Tabby) means for one total, in halalas: the payments add
 * up to the total exactly, and outside the provider's limits there is no split to show, only the
 * limit (issue 32 §7). The terms come from the backend (`InstallmentPlan`: the payment method's
 * handler arguments and its eligibility checker's limits); this only does the arithmetic.
 */

export interface InstallmentTerms {
  methodCode: string;
  installments: number;
  interestFree: boolean;
  /** Order limits with tax, halalas; null: no limit. */
  minTotal: number | null;
  maxTotal: number | null;
}

export type InstallmentOffer =
  | {
      kind: 'split';
      methodCode: string;
      interestFree: boolean;
      /** Every payment, in order; they add up to the total. */
      payments: number[];
      /** The payment all but the last are (the last absorbs the remainder). */
      regular: number;
      /** The last payment: `regular` plus what did not divide evenly. */
      last: number;
    }
  | { kind: 'below-minimum'; methodCode: string; minTotal: number }
  | { kind: 'above-maximum'; methodCode: string; maxTotal: number };

/**
 * `count` payments of whole halalas adding up to `total`: equal shares rounded down, the last one
 * taking the remainder (at most count − 1 halalas more than the others).
 */
export function splitIntoInstallments(total: number, count: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`splitIntoInstallments: not an amount in halalas: ${total}`);
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`splitIntoInstallments: not a number of payments: ${count}`);
  const regular = Math.floor(total / count);
  return [...Array<number>(count - 1).fill(regular), total - regular * (count - 1)];
}

/**
 * The plan applied to a total (the limits are inclusive, as the backend's checker applies them);
 * null when there is nothing to say (no total yet, or a plan of fewer than two payments).
 */
export function installmentOffer(total: number | null | undefined, terms: InstallmentTerms): InstallmentOffer | null {
  if (total == null || !Number.isSafeInteger(total) || total <= 0 || terms.installments < 2) return null;
  const { methodCode } = terms;
  if (terms.minTotal != null && total < terms.minTotal) return { kind: 'below-minimum', methodCode, minTotal: terms.minTotal };
  if (terms.maxTotal != null && total > terms.maxTotal) return { kind: 'above-maximum', methodCode, maxTotal: terms.maxTotal };
  const payments = splitIntoInstallments(total, terms.installments);
  return { kind: 'split', methodCode, interestFree: terms.interestFree, payments, regular: payments[0]!, last: payments.at(-1)! };
}

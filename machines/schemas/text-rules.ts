import * as v from 'valibot';

/**
 * The character rule of the Shop API's input boundary (server/src/plugins/input-boundary,
 * `hasForbiddenCharacters` in input-limits.ts), checked in the form so a pasted NUL or a broken
 * emoji half is explained next to its field instead of failing the whole request. The layers may
 * not import each other (machines ↔ server), so the rule is repeated here and
 * tests/unit/machines/schemas/text-rules.test.ts holds both to the same verdicts.
 *
 * Refused: NUL and the other C0/C1 control characters (tab, line feed and carriage return are
 * fine) and UTF-16 surrogates that are not part of a pair.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** A valibot check for free text: fails with `message` (a message id the view translates). */
export const allowedCharacters = <M extends string>(message: M) => v.check((value: string) => !hasForbiddenCharacters(value), message);

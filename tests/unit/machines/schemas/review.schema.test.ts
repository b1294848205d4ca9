import { describe, expect, it } from 'vitest';
import { validateReview, type ReviewInput } from '../../../../machines/schemas/review.schema';

const valid = (): ReviewInput => ({ rating: 5, summary: 'Great', body: 'Fits well and feels soft.' });
const errorsOf = (patch: Partial<ReviewInput>) => {
  const r = validateReview({ ...valid(), ...patch });
  return r.success ? {} : r.errors;
};

describe('review schema: lengths (the catalogue plugin’s rules)', () => {
  it.each([
    ['summary', 100, 'summary.tooLong'],
    ['body', 1000, 'body.tooLong'],
  ] as const)('%s: %i characters pass, one more is refused with %s', (field, limit, message) => {
    expect(errorsOf({ [field]: 'ق'.repeat(limit) })).toEqual({});
    expect(errorsOf({ [field]: 'ق'.repeat(limit + 1) })).toEqual({ [field]: message });
  });
});

describe('review schema: characters the Shop API refuses', () => {
  it.each([
    ['summary', 'Gre\u0000at'],
    ['body', 'Fits well \uDC00and feels soft.'],
  ] as const)('%s with %j → text.invalidCharacters', (field, text) => {
    expect(errorsOf({ [field]: text })).toEqual({ [field]: 'text.invalidCharacters' });
  });

  it('accepts Arabic, emoji and line breaks', () => {
    expect(errorsOf({ summary: 'رائع 👍', body: 'مقاس مناسب\nوخامة ناعمة.' })).toEqual({});
  });
});

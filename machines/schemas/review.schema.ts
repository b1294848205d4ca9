import * as v from 'valibot';
import { allowedCharacters } from './text-rules';

/**
 * A product review as the shopper types it. Messages are stable codes, not prose: the view
 * translates them (Lingui), so the schema stays free of UI strings and works in both locales.
 */
// Same bounds as the catalogue plugin's REVIEW_RULES (server/src/plugins/catalogue/constants.ts).
export const REVIEW_LIMITS = {
  summaryMin: 3,
  summaryMax: 100,
  bodyMin: 10,
  bodyMax: 1000,
} as const;

export type ReviewErrorCode =
  'rating.required' | 'summary.tooShort' | 'summary.tooLong' | 'body.tooShort' | 'body.tooLong' | 'text.invalidCharacters';

export const reviewSchema = v.object({
  rating: v.pipe(
    v.number('rating.required'),
    v.integer('rating.required'),
    v.minValue(1, 'rating.required'),
    v.maxValue(5, 'rating.required'),
  ),
  summary: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(REVIEW_LIMITS.summaryMin, 'summary.tooShort'),
    v.maxLength(REVIEW_LIMITS.summaryMax, 'summary.tooLong'),
    allowedCharacters('text.invalidCharacters'),
  ),
  body: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(REVIEW_LIMITS.bodyMin, 'body.tooShort'),
    v.maxLength(REVIEW_LIMITS.bodyMax, 'body.tooLong'),
    allowedCharacters('text.invalidCharacters'),
  ),
});

export type ReviewInput = v.InferInput<typeof reviewSchema>;
export type ReviewOutput = v.InferOutput<typeof reviewSchema>;
export type ReviewField = keyof ReviewInput;
export type ReviewFieldErrors = Partial<Record<ReviewField, ReviewErrorCode>>;

export type ReviewValidation = { success: true; output: ReviewOutput } | { success: false; errors: ReviewFieldErrors };

/** First problem per field, as codes. */
export function validateReview(input: ReviewInput): ReviewValidation {
  const result = v.safeParse(reviewSchema, input);
  if (result.success) return { success: true, output: result.output };
  const errors: ReviewFieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as ReviewField | undefined;
    if (field && !errors[field]) errors[field] = issue.message as ReviewErrorCode;
  }
  return { success: false, errors };
}

import { ErrorResult } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

/*
 * Shop API error results of submitProductReview. They extend core's ErrorResult so that Vendure's
 * TranslateErrorResultInterceptor turns `message` (a key under `errorResult.`) into the text of the
 * request's languageCode; see ../i18n/catalogue.translations.ts. Extra properties (min, max) are
 * ICU variables of the message only: they are not in the GraphQL type.
 */

export type ReviewNotAllowedReason = 'SIGN_IN' | 'NOT_PURCHASED';

export class ReviewNotAllowedError extends ErrorResult {
  readonly __typename = 'ReviewNotAllowedError';
  readonly errorCode = 'REVIEW_NOT_ALLOWED_ERROR' as any;
  readonly message: string;

  constructor(reason: ReviewNotAllowedReason) {
    super();
    this.message = reason === 'SIGN_IN' ? 'REVIEW_NOT_ALLOWED_SIGN_IN' : 'REVIEW_NOT_ALLOWED_ERROR';
  }
}

export class ReviewAlreadySubmittedError extends ErrorResult {
  readonly __typename = 'ReviewAlreadySubmittedError';
  readonly errorCode = 'REVIEW_ALREADY_SUBMITTED_ERROR' as any;
  readonly message = 'REVIEW_ALREADY_SUBMITTED_ERROR';
}

export type ReviewField = 'rating' | 'summary' | 'body';

export class ReviewInputError extends ErrorResult {
  readonly __typename = 'ReviewInputError';
  readonly errorCode = 'REVIEW_INPUT_ERROR' as any;
  readonly message: string;
  readonly field: ReviewField;
  readonly min: number;
  readonly max: number;

  constructor(input: { field: ReviewField; min: number; max: number }) {
    super();
    this.field = input.field;
    this.min = input.min;
    this.max = input.max;
    this.message = `REVIEW_INPUT_ERROR_${input.field.toUpperCase()}`;
  }
}

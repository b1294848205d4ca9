import { ErrorResult } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

/**
 * Error results of the account plugin. They extend core's ErrorResult class, so Vendure
 * translates `message` through the key `errorResult.<message>` (see account.translations.ts).
 */
export class VerificationCodeInvalidError extends ErrorResult {
  readonly __typename = 'VerificationCodeInvalidError';
  readonly errorCode = 'VERIFICATION_CODE_INVALID_ERROR' as any;
  readonly message = 'VERIFICATION_CODE_INVALID_ERROR';
  readonly attemptsLeft: number;

  constructor(input: { attemptsLeft: number }) {
    super();
    this.attemptsLeft = input.attemptsLeft;
  }
}

export type CancelOrderErrorReason = 'CANCEL_ORDER_NOT_FOUND' | 'CANCEL_ORDER_NOT_CANCELLABLE';

export class CancelOrderError extends ErrorResult {
  readonly __typename = 'CancelOrderError';
  readonly errorCode = 'CANCEL_ORDER_ERROR' as any;
  readonly message: string;
  readonly state: string | undefined;

  constructor(reason: CancelOrderErrorReason, state?: string) {
    super();
    this.message = reason;
    this.state = state;
  }
}

export type UploadImageErrorReason =
  'UPLOAD_IMAGE_TOO_LARGE' | 'UPLOAD_IMAGE_UNSUPPORTED_TYPE' | 'UPLOAD_IMAGE_EMPTY' | 'UPLOAD_IMAGE_UNREADABLE';

export class UploadImageError extends ErrorResult {
  readonly __typename = 'UploadImageError';
  readonly errorCode = 'UPLOAD_IMAGE_ERROR' as any;
  readonly message: string;
  /** The reason as a code (`message` is translated into the request's language). */
  readonly reason: UploadImageErrorReason;
  readonly maxSizeMb = 2;

  constructor(reason: UploadImageErrorReason) {
    super();
    this.message = reason;
    this.reason = reason;
  }
}

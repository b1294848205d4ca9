import type { RequestOptions, ShopClient } from './client';
import { AddressFields, CurrentUserFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';
import { orRateLimited, toResult, type Failure, type RateLimited } from './result';

// The signed-in customer: profile, addresses, passwords, uploads.

export const getCustomerDataDocument = graphql(`
  query getCustomerData {
    activeCustomer {
      id
      title
      firstName
      lastName
      phoneNumber
      emailAddress
      customFields {
        avatar {
          preview
        }
      }
    }
  }
`);

/** null for a guest. */
export async function getCustomer(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getCustomerDataDocument, {}, options)).activeCustomer;
}

export type Customer = NonNullable<ResultOf<typeof getCustomerDataDocument>['activeCustomer']>;

export const getAddressesDocument = graphql(
  `
    query GetAddresses {
      activeCustomer {
        id
        addresses {
          ...AddressFields
        }
      }
    }
  `,
  [AddressFields],
);

export async function getAddresses(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getAddressesDocument, {}, options)).activeCustomer?.addresses ?? [];
}

export type Address = ResultOf<typeof AddressFields>;

export const createCustomerAddressDocument = graphql(
  `
    mutation createCustomerAddress($input: CreateAddressInput!) {
      createCustomerAddress(input: $input) {
        ...AddressFields
      }
    }
  `,
  [AddressFields],
);

export type CreateAddressInput = VariablesOf<typeof createCustomerAddressDocument>['input'];

export async function createAddress(client: ShopClient, input: CreateAddressInput) {
  return (await client.request(createCustomerAddressDocument, { input })).createCustomerAddress;
}

export const updateCustomerAddressDocument = graphql(
  `
    mutation updateCustomerAddress($input: UpdateAddressInput!) {
      updateCustomerAddress(input: $input) {
        ...AddressFields
      }
    }
  `,
  [AddressFields],
);

export type UpdateAddressInput = VariablesOf<typeof updateCustomerAddressDocument>['input'];

export async function updateAddress(client: ShopClient, input: UpdateAddressInput) {
  return (await client.request(updateCustomerAddressDocument, { input })).updateCustomerAddress;
}

export const setDefaultAddressDocument = graphql(
  `
    mutation setDefaultAddress($id: ID!) {
      setDefaultAddress(id: $id) {
        ...AddressFields
      }
    }
  `,
  [AddressFields],
);

export async function setDefaultAddress(client: ShopClient, id: string) {
  return (await client.request(setDefaultAddressDocument, { id })).setDefaultAddress;
}

export const deleteCustomerAddressDocument = graphql(`
  mutation deleteCustomerAddress($id: ID!) {
    deleteCustomerAddress(id: $id) {
      success
    }
  }
`);

export async function deleteAddress(client: ShopClient, id: string): Promise<boolean> {
  return (await client.request(deleteCustomerAddressDocument, { id })).deleteCustomerAddress.success;
}

export const assignVerificationDocument = graphql(`
  mutation assignVerificationToTheShippingAddress($addressId: ID!) {
    assignVerificationToTheShippingAddress(addressId: $addressId) {
      success
    }
  }
`);

/** Sends a code to confirm a shipping address (rate-limited: HTTP 429 -> ShopApiError). */
export async function requestAddressVerification(client: ShopClient, addressId: string): Promise<boolean> {
  return (await client.request(assignVerificationDocument, { addressId })).assignVerificationToTheShippingAddress.success;
}

export const verifyTheShippingAddressDocument = graphql(
  `
    mutation verifyTheShippingAddress($addressId: ID!, $code: String!) {
      verifyTheShippingAddress(addressId: $addressId, code: $code) {
        __typename
        ... on Address {
          ...AddressFields
        }
        ...ErrorResultFields
        ... on VerificationCodeInvalidError {
          attemptsLeft
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [AddressFields, ErrorResultFields],
);

export type VerifyAddressResult =
  | { ok: true; address: Address }
  | Failure<'VERIFICATION_CODE_INVALID_ERROR', { attemptsLeft: number }>
  | Failure<'VERIFICATION_TOKEN_EXPIRED_ERROR'>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

export async function verifyShippingAddress(
  client: ShopClient,
  variables: { addressId: string; code: string },
): Promise<VerifyAddressResult> {
  const r = (await client.request(verifyTheShippingAddressDocument, variables)).verifyTheShippingAddress;
  return toResult(r, (address) => ({ address }));
}

export const updateCustomerDocument = graphql(`
  mutation updateCustomer($input: UpdateCustomerInput!) {
    updateCustomer(input: $input) {
      id
      firstName
      lastName
      phoneNumber
      emailAddress
    }
  }
`);

export async function updateCustomer(client: ShopClient, input: VariablesOf<typeof updateCustomerDocument>['input']) {
  return (await client.request(updateCustomerDocument, { input })).updateCustomer;
}

export const updateCustomerPasswordDocument = graphql(
  `
    mutation updateCustomerPassword($currentPassword: String!, $newPassword: String!) {
      updateCustomerPassword(currentPassword: $currentPassword, newPassword: $newPassword) {
        __typename
        ... on Success {
          success
        }
        ...ErrorResultFields
        ... on PasswordValidationError {
          validationErrorMessage
        }
      }
    }
  `,
  [ErrorResultFields],
);

export type UpdatePasswordResult =
  | { ok: true }
  | Failure<'INVALID_CREDENTIALS_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>
  | Failure<'PASSWORD_VALIDATION_ERROR', { validationErrorMessage: string }>;

export async function updatePassword(
  client: ShopClient,
  variables: { currentPassword: string; newPassword: string },
): Promise<UpdatePasswordResult> {
  const r = (await client.request(updateCustomerPasswordDocument, variables)).updateCustomerPassword;
  return toResult(r, () => ({}));
}

// ---------- e-mail change: password check, link mailed to the new address, token from the link ----------

export const requestUpdateCustomerEmailAddressDocument = graphql(
  `
    mutation requestUpdateCustomerEmailAddress($password: String!, $newEmailAddress: String!) {
      requestUpdateCustomerEmailAddress(password: $password, newEmailAddress: $newEmailAddress) {
        __typename
        ... on Success {
          success
        }
        ...ErrorResultFields
      }
    }
  `,
  [ErrorResultFields],
);

export type RequestEmailChangeResult =
  { ok: true } | Failure<'INVALID_CREDENTIALS_ERROR' | 'EMAIL_ADDRESS_CONFLICT_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>;

export async function requestEmailChange(
  client: ShopClient,
  variables: { password: string; newEmailAddress: string },
): Promise<RequestEmailChangeResult> {
  const r = (await client.request(requestUpdateCustomerEmailAddressDocument, variables)).requestUpdateCustomerEmailAddress;
  return toResult(r, () => ({}));
}

export const updateCustomerEmailAddressDocument = graphql(
  `
    mutation updateCustomerEmailAddress($token: String!) {
      updateCustomerEmailAddress(token: $token) {
        __typename
        ... on Success {
          success
        }
        ...ErrorResultFields
      }
    }
  `,
  [ErrorResultFields],
);

export type ConfirmEmailChangeResult =
  { ok: true } | Failure<'IDENTIFIER_CHANGE_TOKEN_INVALID_ERROR' | 'IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>;

export async function confirmEmailChange(client: ShopClient, token: string): Promise<ConfirmEmailChangeResult> {
  const r = (await client.request(updateCustomerEmailAddressDocument, { token })).updateCustomerEmailAddress;
  return toResult(r, () => ({}));
}

// ---------- forgotten password: code by mail -> reset ticket -> new password ----------

export const requestPasswordResetDocument = graphql(`
  mutation requestPasswordReset($emailAddress: String!) {
    requestPasswordResetCode(emailAddress: $emailAddress) {
      success
    }
  }
`);

/** Mails a 6-digit code (always success, to avoid revealing accounts; HTTP 429 when throttled). */
export async function requestPasswordReset(client: ShopClient, emailAddress: string): Promise<{ ok: true } | RateLimited> {
  return orRateLimited(client.request(requestPasswordResetDocument, { emailAddress }).then(() => ({ ok: true as const })));
}

export const verifyForgetpasswordCodeDocument = graphql(
  `
    mutation verifyForgetpasswordCode($code: String!, $email: String!) {
      verifyForgetpasswordCode(code: $code, email: $email) {
        __typename
        ... on PasswordResetTicket {
          resetToken
        }
        ...ErrorResultFields
        ... on VerificationCodeInvalidError {
          attemptsLeft
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [ErrorResultFields],
);

export type VerifyResetCodeResult =
  | { ok: true; resetToken: string }
  | Failure<'VERIFICATION_CODE_INVALID_ERROR', { attemptsLeft: number }>
  | Failure<'VERIFICATION_TOKEN_EXPIRED_ERROR'>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

export async function verifyPasswordResetCode(
  client: ShopClient,
  variables: { code: string; email: string },
): Promise<VerifyResetCodeResult> {
  const r = (await client.request(verifyForgetpasswordCodeDocument, variables)).verifyForgetpasswordCode;
  return toResult(r, (ticket) => ({ resetToken: ticket.resetToken }));
}

export type PasswordResetResult =
  | { ok: true; user: ResultOf<typeof CurrentUserFields> }
  | Failure<'PASSWORD_RESET_TOKEN_INVALID_ERROR' | 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR' | 'NOT_VERIFIED_ERROR'>
  | Failure<'NATIVE_AUTH_STRATEGY_ERROR'>
  | Failure<'PASSWORD_VALIDATION_ERROR', { validationErrorMessage: string }>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

export const changeUserPasswordDocument = graphql(
  `
    mutation changeUserPassword($resetToken: String!, $password: String!) {
      changeUserPassword(resetToken: $resetToken, password: $password) {
        __typename
        ... on CurrentUser {
          ...CurrentUserFields
        }
        ...ErrorResultFields
        ... on PasswordValidationError {
          validationErrorMessage
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [CurrentUserFields, ErrorResultFields],
);

/** Sets the new password with the ticket from verifyPasswordResetCode; logs the customer in. */
export async function changeUserPassword(
  client: ShopClient,
  variables: { resetToken: string; password: string },
): Promise<PasswordResetResult> {
  const r = (await client.request(changeUserPasswordDocument, variables)).changeUserPassword;
  return toResult(r, (u) => ({ user: { id: u.id, identifier: u.identifier } }));
}

export const resetPasswordDocument = graphql(
  `
    mutation resetPassword($token: String!, $password: String!) {
      resetPassword(token: $token, password: $password) {
        __typename
        ... on CurrentUser {
          ...CurrentUserFields
        }
        ...ErrorResultFields
        ... on PasswordValidationError {
          validationErrorMessage
        }
      }
    }
  `,
  [CurrentUserFields, ErrorResultFields],
);

/** Core reset with a mailed token link (spec §8's password-reset errors). */
export async function resetPassword(client: ShopClient, variables: { resetToken: string; password: string }): Promise<PasswordResetResult> {
  const r = (await client.request(resetPasswordDocument, { token: variables.resetToken, password: variables.password })).resetPassword;
  return toResult(r, (u) => ({ user: { id: u.id, identifier: u.identifier } }));
}

// ---------- uploads ----------

export const uploadImageDocument = graphql(
  `
    mutation uploadImage($file: Upload!) {
      uploadImage(file: $file) {
        __typename
        ... on UploadedImage {
          id
          name
          fileSize
          source
          preview
        }
        ...ErrorResultFields
        ... on UploadImageError {
          reason
          maxSizeMb
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [ErrorResultFields],
);

export type UploadImageResult =
  | { ok: true; image: { id: string; name: string; fileSize: number; source: string; preview: string } }
  | Failure<
      'UPLOAD_IMAGE_ERROR',
      {
        /** The reason as a code (`message` is translated text). */
        reason: 'UPLOAD_IMAGE_TOO_LARGE' | 'UPLOAD_IMAGE_UNSUPPORTED_TYPE' | 'UPLOAD_IMAGE_EMPTY' | 'UPLOAD_IMAGE_UNREADABLE';
        maxSizeMb: number;
      }
    >
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

/** jpeg/png/webp up to 2 MB; the client sends it as a GraphQL multipart request. */
export async function uploadImage(client: ShopClient, file: Blob, options?: RequestOptions): Promise<UploadImageResult> {
  const r = (await client.request(uploadImageDocument, { file }, options)).uploadImage;
  return toResult(r, (i) => ({ image: { id: i.id, name: i.name, fileSize: i.fileSize, source: i.source, preview: i.preview } }));
}

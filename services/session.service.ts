import type { ShopClient } from './client';
import { CurrentUserFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf } from './graphql';
import { orRateLimited, toResult, type Failure, type RateLimited } from './result';

// The visitor's session and signing in/out. Tokens travel in the `vendure-auth-token` response
// header, which the client hands to its `onToken` callback (the session machine stores it).

// `me` is not selected: it answers FORBIDDEN for anonymous sessions, and activeCustomer already
// tells who is signed in (null for a guest).
export const checkUserDocument = graphql(`
  query CheckUser {
    activeCustomer {
      id
      firstName
      lastName
      emailAddress
    }
    activeOrder {
      id
      lines {
        id
      }
    }
    wishListLength
  }
`);

export interface CheckUserResult {
  /** Spec §4: logged in when the current-user check returns an id. */
  customerId: string | null;
  /** Spec §3: the cart line count. */
  cartCount: number;
  wishlistCount: number;
}

/** One round trip for the header: who is this, how many cart lines, how many favourites. */
export async function checkUser(client: ShopClient): Promise<CheckUserResult> {
  const data = await client.request(checkUserDocument, {});
  return {
    customerId: data.activeCustomer?.id ?? null,
    cartCount: data.activeOrder?.lines.length ?? 0,
    wishlistCount: data.wishListLength,
  };
}

export const createSessionDocument = graphql(`
  mutation createSession {
    createSession {
      token
    }
  }
`);

export async function createSession(client: ShopClient): Promise<{ token: string }> {
  return (await client.request(createSessionDocument, {})).createSession;
}

export type CurrentUser = ResultOf<typeof CurrentUserFields>;

export const loginDocument = graphql(
  `
    mutation login($username: String!, $password: String!, $rememberMe: Boolean) {
      login(username: $username, password: $password, rememberMe: $rememberMe) {
        __typename
        ... on CurrentUser {
          ...CurrentUserFields
        }
        ...ErrorResultFields
      }
    }
  `,
  [CurrentUserFields, ErrorResultFields],
);

export type LoginResult =
  | { ok: true; user: CurrentUser }
  | Failure<'INVALID_CREDENTIALS_ERROR' | 'NOT_VERIFIED_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number | null }>;

/**
 * Signs in with email and password. Vendure's `login` result type cannot carry a RateLimitError,
 * so the backend's limit answers HTTP 429 with a RATE_LIMIT_ERROR GraphQL error (server/README.md,
 * common plugin): that becomes a failure result too. Other failures (network, 5xx) throw.
 */
export async function login(
  client: ShopClient,
  variables: { username: string; password: string; rememberMe?: boolean },
): Promise<LoginResult> {
  return orRateLimited(
    client
      .request(loginDocument, { rememberMe: true, ...variables })
      .then(({ login: r }) => toResult(r, (u) => ({ user: { id: u.id, identifier: u.identifier } }))),
  );
}

export const authenticateDocument = graphql(
  `
    mutation authenticate($input: AuthenticationInput!, $rememberMe: Boolean) {
      authenticate(input: $input, rememberMe: $rememberMe) {
        __typename
        ... on CurrentUser {
          ...CurrentUserFields
        }
        ...ErrorResultFields
      }
    }
  `,
  [CurrentUserFields, ErrorResultFields],
);

export type AuthenticateResult = { ok: true; user: CurrentUser } | Failure<'INVALID_CREDENTIALS_ERROR' | 'NOT_VERIFIED_ERROR'>;

/** Social login with a provider's ID token (decision 002: the `idtoken` strategy). */
export async function authenticateWithIdToken(
  client: ShopClient,
  variables: { token: string; provider?: string },
): Promise<AuthenticateResult | RateLimited> {
  return orRateLimited(
    client
      .request(authenticateDocument, {
        input: { idtoken: { token: variables.token, provider: variables.provider ?? null } },
        rememberMe: true,
      })
      .then(({ authenticate: r }) => toResult(r, (u) => ({ user: { id: u.id, identifier: u.identifier } }))),
  );
}

export const logoutDocument = graphql(`
  mutation logout {
    logout {
      success
    }
  }
`);

/** Spec §4: logout succeeds when the response reports success. */
export async function logout(client: ShopClient): Promise<boolean> {
  return (await client.request(logoutDocument, {})).logout.success;
}

export const registerDocument = graphql(
  `
    mutation register($input: RegisterCustomerInput!) {
      registerCustomerAccount(input: $input) {
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

export type RegisterResult =
  | { ok: true }
  | Failure<'MISSING_PASSWORD_ERROR' | 'NATIVE_AUTH_STRATEGY_ERROR'>
  | Failure<'PASSWORD_VALIDATION_ERROR', { validationErrorMessage: string }>;

export async function register(
  client: ShopClient,
  input: { emailAddress: string; password: string; firstName?: string; lastName?: string; phoneNumber?: string },
): Promise<RegisterResult | RateLimited> {
  return orRateLimited(client.request(registerDocument, { input }).then((data) => toResult(data.registerCustomerAccount, () => ({}))));
}

export const verifyAccountDocument = graphql(
  `
    mutation verifyAccount($code: String!, $email: String!, $password: String) {
      verifyAccount(code: $code, email: $email, password: $password) {
        __typename
        ... on CurrentUser {
          ...CurrentUserFields
        }
        ...ErrorResultFields
        ... on VerificationCodeInvalidError {
          attemptsLeft
        }
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

export type VerifyAccountResult =
  | { ok: true; user: CurrentUser }
  | Failure<'VERIFICATION_CODE_INVALID_ERROR', { attemptsLeft: number }>
  | Failure<'VERIFICATION_TOKEN_EXPIRED_ERROR'>
  | Failure<'PASSWORD_VALIDATION_ERROR', { validationErrorMessage: string }>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

/** Confirms a new account with the 6-digit code; logs the customer in on success. */
export async function verifyAccount(
  client: ShopClient,
  variables: { code: string; email: string; password?: string },
): Promise<VerifyAccountResult> {
  const r = (await client.request(verifyAccountDocument, { ...variables, password: variables.password ?? null })).verifyAccount;
  return toResult(r, (u) => ({ user: { id: u.id, identifier: u.identifier } }));
}

export const refreshVerifyDocument = graphql(`
  mutation refreshVerify($emailAddress: String!) {
    refreshVerify(emailAddress: $emailAddress) {
      success
    }
  }
`);

/** Re-sends a verification code (always success, to avoid revealing accounts; HTTP 429 beyond 3 codes). */
export async function refreshVerify(client: ShopClient, emailAddress: string): Promise<{ ok: true } | RateLimited> {
  return orRateLimited(client.request(refreshVerifyDocument, { emailAddress }).then(() => ({ ok: true as const })));
}

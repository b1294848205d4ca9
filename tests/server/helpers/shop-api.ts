/**
 * The one way server e2e specs call the GraphQL APIs over HTTP (see server/README.md, "E2E tests").
 *
 * Stateless on purpose: a spec plays several shoppers at once (anonymous visitors, customer A,
 * customer B), each named by its own session token, where env.shopClient holds one token for all.
 * The HTTP status, the headers and the session token Vendure returns stay visible.
 */
import type { StoreTestEnv } from './test-env';

export type Lang = 'ar' | 'en';

export interface ShopRequestOptions {
  /** request language (`?languageCode=`); default en */
  lang?: Lang;
  /** the shopper's session token (Authorization: Bearer); none = a new anonymous session */
  token?: string | null;
}

export interface ShopResponse<T = any> {
  status: number;
  data: T;
  errors?: any[];
  /** `vendure-auth-token` of the response: the session this request created or used */
  token: string | null;
  headers: Headers;
}

type Env = Pick<StoreTestEnv, 'baseUrl'>;

/** One Shop API request, as the storefront sends it. GraphQL errors are returned, not thrown. */
export async function shop<T = any>(
  env: Env,
  query: string,
  variables: Record<string, unknown> = {},
  opts: ShopRequestOptions = {},
): Promise<ShopResponse<T>> {
  const res = await fetch(`${env.baseUrl}/shop-api?languageCode=${opts.lang ?? 'en'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data: T; errors?: any[] };
  return { status: res.status, ...json, token: res.headers.get('vendure-auth-token'), headers: res.headers };
}

/** shop() for steps that must succeed: a GraphQL error fails the test, with the errors as its message. */
export async function shopOk<T = any>(
  env: Env,
  query: string,
  variables: Record<string, unknown> = {},
  opts: ShopRequestOptions = {},
): Promise<ShopResponse<T>> {
  const r = await shop<T>(env, query, variables, opts);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r;
}

/** Admin API as the superadmin: returns a query function that resolves to `data` and throws on errors. */
export async function adminApi(env: Env) {
  const call = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const res = await fetch(`${env.baseUrl}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const json = (await res.json()) as { data: any; errors?: any[] };
    if (json.errors) throw new Error(JSON.stringify(json.errors));
    return { data: json.data, token: res.headers.get('vendure-auth-token') };
  };
  const login = await call('mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }', {});
  return async (query: string, variables: Record<string, unknown> = {}) => (await call(query, variables, login.token!)).data;
}

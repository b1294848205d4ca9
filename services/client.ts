import type { TadaDocumentNode } from 'gql.tada';
import { print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';

export type LanguageCode = 'ar' | 'en';
export type OperationType = 'query' | 'mutation' | 'subscription';
export type ErrorPolicy = 'none' | 'all' | 'ignore';

export interface ShopGraphQLError {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

/** Every failed Shop API call, as spec §8 wants it recorded. */
export interface FailedCall {
  client: string;
  operationType: OperationType;
  operationName: string;
  /** HTTP status; null when no response arrived (network failure). */
  status: number | null;
  errors: ShopGraphQLError[];
  message: string;
}

export interface FailureRecorder {
  record(call: FailedCall): void;
}

/** Spec §8: a failed GraphQL call. `message` is the first error's message. */
export class ShopApiError extends Error {
  override readonly name = 'ShopApiError';
  readonly status: number | null;
  readonly errors: ShopGraphQLError[];
  readonly operationName: string;
  readonly operationType: OperationType;

  constructor(init: Omit<FailedCall, 'client'>, options?: { cause?: unknown }) {
    super(init.message, options);
    this.status = init.status;
    this.errors = init.errors;
    this.operationName = init.operationName;
    this.operationType = init.operationType;
  }

  /** Vendure puts an error code in extensions (e.g. FORBIDDEN for a guest's toggleFav). */
  get code(): string | undefined {
    const code = this.errors[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Send a query as GET (cacheable reads such as SSR catalogue pages). Only GET is retried, once,
   * on a transient status. Mutations are always POST and never retried.
   */
  cacheable?: boolean;
  /** Spec §8: GraphQL errors fail the call unless the policy is 'all' or 'ignore'. */
  errorPolicy?: ErrorPolicy;
}

export interface ShopClient {
  readonly languageCode: LanguageCode;
  request<TResult, TVariables>(
    document: TadaDocumentNode<TResult, TVariables>,
    variables: TVariables,
    options?: RequestOptions,
  ): Promise<TResult>;
}

export interface ShopClientConfig {
  /** Absolute URL of the Shop API, e.g. http://127.0.0.1:3000/shop-api or https://shop.example/shop-api. */
  endpoint: string;
  languageCode: LanguageCode;
  /** Current bearer token (null: anonymous). */
  getToken?: () => string | null | undefined;
  /** Called with each `vendure-auth-token` response header. */
  onToken?: (token: string) => void;
  fetch?: typeof globalThis.fetch;
  recorder?: FailureRecorder;
  /** Name used in failure records. */
  name?: string;
  /** Extra headers on every call (e.g. a forwarded client IP on the SSR server). */
  headers?: Record<string, string>;
}

/** Spec §9: the generic HTTP client retries GET once on these statuses. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const AUTH_TOKEN_HEADER = 'vendure-auth-token';

const printCache = new WeakMap<DocumentNode, string>();

/** Documents are module constants: print each once. */
function printed(document: DocumentNode): string {
  let text = printCache.get(document);
  if (text === undefined) {
    text = print(document);
    printCache.set(document, text);
  }
  return text;
}

function operationOf(document: DocumentNode): { type: OperationType; name: string } {
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (!op) throw new Error('A Shop API document must contain an operation');
  if (!op.name) throw new Error('Shop API operations must be named (spec §7)');
  return { type: op.operation, name: op.name.value };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function toErrors(errors: unknown): ShopGraphQLError[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => ({
    message: typeof e?.message === 'string' ? e.message : String(e),
    ...(e?.path ? { path: e.path } : {}),
    ...(e?.extensions ? { extensions: e.extensions } : {}),
  }));
}

export function createShopClient(config: ShopClientConfig): ShopClient {
  const url = new URL(config.endpoint); // throws on a relative endpoint: resolve it in the composition root
  url.searchParams.set('languageCode', config.languageCode);
  const baseFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const clientName = config.name ?? 'shop-api';

  // Sees every response (also failed ones) so a new session token is never lost, and owns the
  // retry: graphql-request only ever hands us the final response.
  const transport: typeof globalThis.fetch = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    let response = await baseFetch(input, init);
    if (method === 'GET' && RETRY_STATUSES.has(response.status) && !init?.signal?.aborted) {
      await response.body?.cancel().catch(() => undefined);
      response = await baseFetch(input, init);
    }
    const token = response.headers.get(AUTH_TOKEN_HEADER);
    if (token) config.onToken?.(token);
    return response;
  };

  const common = { fetch: transport, errorPolicy: 'all' as const };
  const post = new GraphQLClient(url.toString(), { ...common, method: 'POST' });
  const get = new GraphQLClient(url.toString(), { ...common, method: 'GET' });

  function fail(
    op: { type: OperationType; name: string },
    status: number | null,
    errors: ShopGraphQLError[],
    fallback: string,
    cause?: unknown,
  ): ShopApiError {
    const call = {
      operationType: op.type,
      operationName: op.name,
      status,
      errors,
      message: errors[0]?.message ?? fallback,
    };
    config.recorder?.record({ client: clientName, ...call });
    return new ShopApiError(call, { cause });
  }

  // graphql-request 7 has no file uploads: files go as a GraphQL multipart request
  // (https://github.com/jaydenseric/graphql-multipart-request-spec), which Vendure accepts.
  async function multipart(
    document: DocumentNode,
    operationName: string,
    variables: Record<string, unknown>,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ) {
    const form = new FormData();
    const map: Record<string, string[]> = {};
    const files: Blob[] = [];
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(variables)) {
      if (value instanceof Blob) {
        map[String(files.length)] = [`variables.${key}`];
        files.push(value);
        plain[key] = null;
      } else {
        plain[key] = value;
      }
    }
    form.append('operations', JSON.stringify({ query: printed(document), variables: plain, operationName }));
    form.append('map', JSON.stringify(map));
    files.forEach((file, i) => form.append(String(i), file, file instanceof File ? file.name : `file-${i}`));
    const response = await transport(url, {
      method: 'POST',
      body: form,
      headers: { ...headers, 'apollo-require-preflight': 'true' },
      signal,
    });
    let body: { data?: unknown; errors?: unknown } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // not JSON: judged by the status below
    }
    if (!response.ok) {
      throw new ClientError(
        { status: response.status, headers: response.headers, body: '', errors: body.errors as never, data: body.data as never },
        { query: printed(document), variables: plain },
      );
    }
    return { status: response.status, ...body };
  }

  return {
    languageCode: config.languageCode,
    async request(document, variables, options = {}) {
      const op = operationOf(document);
      const policy = options.errorPolicy ?? 'none';
      const useGet = op.type === 'query' && options.cacheable === true;
      const headers: Record<string, string> = { ...config.headers };
      const token = config.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      // Apollo's CSRF guard (if enabled server-side) rejects "simple" GET requests.
      if (useGet) headers['apollo-require-preflight'] = 'true';

      let response: { status: number; data?: unknown; errors?: unknown };
      try {
        const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
        response =
          vars && hasFiles(vars)
            ? await multipart(document as DocumentNode, op.name, vars, headers, options.signal)
            : await (useGet ? get : post).rawRequest<unknown>({
                // graphql-request accepts a DocumentNode at runtime (it prints it; a string would be re-parsed).
                query: document as unknown as string,
                variables: vars,
                requestHeaders: headers,
                signal: options.signal,
              });
      } catch (error) {
        if (isAbort(error) || options.signal?.aborted) throw error; // superseded, not failed
        if (error instanceof ClientError) {
          const status = error.response.status;
          throw fail(op, status, toErrors(error.response.errors), `HTTP ${status}`, error);
        }
        const message = error instanceof Error ? error.message : String(error);
        throw fail(op, null, [], message, error);
      }

      const errors = toErrors(response.errors);
      if (errors.length > 0 && policy === 'none') throw fail(op, response.status, errors, 'GraphQL error');
      if (response.data === null || response.data === undefined) {
        throw fail(op, response.status, errors, 'No data in the response');
      }
      return response.data as never;
    },
  };
}

function hasFiles(variables: Record<string, unknown> | undefined): boolean {
  return !!variables && typeof Blob !== 'undefined' && Object.values(variables).some((v) => v instanceof Blob);
}

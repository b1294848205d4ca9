import { parse } from 'graphql';
import type { TadaDocumentNode } from 'gql.tada';
import { describe, expect, it, vi } from 'vitest';
import { createShopClient, ShopApiError, type FailedCall } from '../../../services/client';

const productQuery = parse('query GetSingleProduct($slug: String!) { product(slug: $slug) { id } }') as TadaDocumentNode<
  { product: { id: string } | null },
  { slug: string }
>;
const addToCart = parse(
  'mutation addToCart($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename } }',
) as TadaDocumentNode<{ addItemToOrder: { __typename: string } }, { id: string; q: number }>;

function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

function setup(responses: Array<Response | Error>, extra: Partial<Parameters<typeof createShopClient>[0]> = {}) {
  const calls: Array<{ url: URL; init: RequestInit }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected extra request');
    if (next instanceof Error) throw next;
    return next;
  });
  const failures: FailedCall[] = [];
  const client = createShopClient({
    endpoint: 'http://shop.test/shop-api',
    languageCode: 'ar',
    fetch: fetch as unknown as typeof globalThis.fetch,
    recorder: { record: (c) => failures.push(c) },
    name: 'test-client',
    ...extra,
  });
  return { client, calls, failures, fetch };
}

describe('createShopClient', () => {
  it('POSTs with the languageCode parameter, operation name and bearer token', async () => {
    const { client, calls } = setup([json({ data: { product: { id: '1' } } })], { getToken: () => 'tok-1' });

    const data = await client.request(productQuery, { slug: 'shoe' });

    expect(data).toEqual({ product: { id: '1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.url.searchParams.get('languageCode')).toBe('ar');
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    const body = JSON.parse(String(calls[0]!.init.body));
    expect(body.operationName).toBe('GetSingleProduct');
    expect(body.variables).toEqual({ slug: 'shoe' });
  });

  it('sends no authorization header without a token', async () => {
    const { client, calls } = setup([json({ data: { product: null } })], { getToken: () => null });
    await client.request(productQuery, { slug: 'x' });
    expect(new Headers(calls[0]!.init.headers).has('authorization')).toBe(false);
  });

  it('reports the vendure-auth-token response header, also on failures', async () => {
    const onToken = vi.fn();
    const { client } = setup(
      [
        json({ data: { product: null } }, { headers: { 'vendure-auth-token': 'new-token' } }),
        json({ errors: [{ message: 'boom' }] }, { status: 500, headers: { 'vendure-auth-token': 'other' } }),
      ],
      { onToken },
    );
    await client.request(productQuery, { slug: 'x' });
    await expect(client.request(productQuery, { slug: 'x' })).rejects.toBeInstanceOf(ShopApiError);
    expect(onToken.mock.calls).toEqual([['new-token'], ['other']]);
  });

  it('fails on a not-ok HTTP response with the first error message and records it', async () => {
    const { client, failures } = setup([json({ errors: [{ message: 'Gateway down' }, { message: 'second' }] }, { status: 502 })]);

    const error = await client.request(productQuery, { slug: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ status: 502, message: 'Gateway down', operationName: 'GetSingleProduct', operationType: 'query' });
    expect(failures).toEqual([
      expect.objectContaining({
        client: 'test-client',
        operationType: 'query',
        operationName: 'GetSingleProduct',
        status: 502,
        errors: [expect.objectContaining({ message: 'Gateway down' }), expect.objectContaining({ message: 'second' })],
      }),
    ]);
  });

  it('fails on a not-ok response without a GraphQL body', async () => {
    const { client } = setup([new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } })]);
    await expect(client.request(productQuery, { slug: 'x' })).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });

  it('fails when errors are present under the default error policy', async () => {
    const { client, failures } = setup([
      json({ data: { product: null }, errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] }),
    ]);
    const error = await client.request(productQuery, { slug: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, message: 'Forbidden', code: 'FORBIDDEN' });
    expect(failures).toHaveLength(1);
  });

  it.each(['all', 'ignore'] as const)('returns data despite errors under errorPolicy %s', async (errorPolicy) => {
    const { client, failures } = setup([json({ data: { product: { id: '7' } }, errors: [{ message: 'partial' }] })]);
    await expect(client.request(productQuery, { slug: 'x' }, { errorPolicy })).resolves.toEqual({ product: { id: '7' } });
    expect(failures).toEqual([]);
  });

  it('fails when the response has no data', async () => {
    const { client, failures } = setup([json({ data: null })]);
    await expect(client.request(productQuery, { slug: 'x' })).rejects.toMatchObject({ message: 'No data in the response' });
    expect(failures[0]).toMatchObject({ status: 200, operationName: 'GetSingleProduct' });
  });

  it('records a network failure with a null status', async () => {
    const { client, failures } = setup([new TypeError('fetch failed')]);
    await expect(client.request(productQuery, { slug: 'x' })).rejects.toMatchObject({ status: null, message: 'fetch failed' });
    expect(failures[0]).toMatchObject({ status: null, errors: [] });
  });

  it('rethrows an abort without recording it', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { client, failures } = setup([abort]);
    await expect(client.request(productQuery, { slug: 'x' }, { signal: controller.signal })).rejects.toBe(abort);
    expect(failures).toEqual([]);
  });

  describe('retry policy', () => {
    it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a cacheable GET once on %i', async (status) => {
      const { client, calls } = setup([json({ errors: [{ message: 'busy' }] }, { status }), json({ data: { product: { id: '1' } } })]);
      await expect(client.request(productQuery, { slug: 'x' }, { cacheable: true })).resolves.toEqual({ product: { id: '1' } });
      expect(calls.map((c) => c.init.method)).toEqual(['GET', 'GET']);
      expect(calls[0]!.url.searchParams.get('languageCode')).toBe('ar');
      expect(calls[0]!.url.searchParams.get('operationName')).toBe('GetSingleProduct');
    });

    it('retries only once', async () => {
      const { client, calls } = setup([json({}, { status: 503 }), json({ errors: [{ message: 'still down' }] }, { status: 503 })]);
      await expect(client.request(productQuery, { slug: 'x' }, { cacheable: true })).rejects.toMatchObject({
        status: 503,
        message: 'still down',
      });
      expect(calls).toHaveLength(2);
    });

    it.each([400, 401, 403, 404, 501])('does not retry a GET on %i', async (status) => {
      const { client, calls } = setup([json({ errors: [{ message: 'no' }] }, { status })]);
      await expect(client.request(productQuery, { slug: 'x' }, { cacheable: true })).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    });

    it('never retries a POST query', async () => {
      const { client, calls } = setup([json({ errors: [{ message: 'busy' }] }, { status: 503 })]);
      await expect(client.request(productQuery, { slug: 'x' })).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(1);
    });

    it('never retries a mutation, and sends it as POST even when marked cacheable', async () => {
      const { client, calls, failures } = setup([json({ errors: [{ message: 'busy' }] }, { status: 503 })]);
      await expect(client.request(addToCart, { id: '1', q: 1 }, { cacheable: true })).rejects.toMatchObject({
        status: 503,
        operationType: 'mutation',
        operationName: 'addToCart',
      });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.init.method).toBe('POST');
      expect(failures[0]).toMatchObject({ operationType: 'mutation', operationName: 'addToCart', status: 503 });
    });
  });

  it('sends files as a GraphQL multipart request, never retried', async () => {
    const upload = parse('mutation uploadImage($file: Upload!) { uploadImage(file: $file) { __typename } }') as TadaDocumentNode<
      { uploadImage: { __typename: string } },
      { file: Blob }
    >;
    const { client, calls } = setup([json({ data: { uploadImage: { __typename: 'UploadedImage' } } })], { getToken: () => 'tok' });

    const file = new File(['png-bytes'], 'photo.png', { type: 'image/png' });
    await expect(client.request(upload, { file })).resolves.toEqual({ uploadImage: { __typename: 'UploadedImage' } });

    expect(calls).toHaveLength(1);
    const { init, url } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(url.searchParams.get('languageCode')).toBe('ar');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    const form = init.body as FormData;
    const operations = JSON.parse(String(form.get('operations')));
    expect(operations).toMatchObject({ operationName: 'uploadImage', variables: { file: null } });
    expect(operations.query).toContain('mutation uploadImage');
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.file'] });
    expect((form.get('0') as File).name).toBe('photo.png');
  });

  it('applies the failure rules to multipart requests', async () => {
    const upload = parse('mutation uploadImage($file: Upload!) { uploadImage(file: $file) { __typename } }') as TadaDocumentNode<
      { uploadImage: { __typename: string } },
      { file: Blob }
    >;
    const { client, calls, failures } = setup([json({ errors: [{ message: 'Too large' }] }, { status: 413 })]);
    await expect(client.request(upload, { file: new Blob(['x']) })).rejects.toMatchObject({ status: 413, message: 'Too large' });
    expect(calls).toHaveLength(1);
    expect(failures[0]).toMatchObject({ operationName: 'uploadImage', status: 413 });
  });

  it('rejects a relative endpoint with a clear error', () => {
    expect(() => createShopClient({ endpoint: '/shop-api', languageCode: 'en' })).toThrow(TypeError);
  });

  it('rejects unnamed operations', async () => {
    const { client } = setup([]);
    const anonymous = parse('{ activeOrder { id } }') as TadaDocumentNode<unknown, Record<string, never>>;
    await expect(client.request(anonymous, {})).rejects.toThrow(/must be named/);
  });
});

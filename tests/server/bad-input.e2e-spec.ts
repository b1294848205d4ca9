/**
 * Bad input at the Shop API boundary (issue 15, deliverables 2, 6 and the bad-input suite of 7).
 *
 * 1. The findings of the probe, one test each (they failed before the input-boundary plugin).
 * 2. Generated bad input (fast-check): every Shop API operation our plugins add (read from their
 *    api-extensions.ts, so a new operation is fuzzed without editing this file) and the core
 *    operations the storefront calls get >= 1,000 generated invalid inputs each; no response may
 *    carry an unhandled error (INTERNAL_SERVER_ERROR or no code, without a correlation id) or
 *    database / stack text. Seed: BAD_INPUT_SEED (printed); inputs per operation: BAD_INPUT_RUNS
 *    (default 1,000), BAD_INPUT_CORE_RUNS for the core operations (default: the same);
 *    BAD_INPUT_OPS=a,b fuzzes only those. ~56,000 requests take ~50 s here (keep-alive client,
 *    batches of 24).
 */
import { PluginCommonModule, VendurePlugin, Logger } from '@vendure/core';
import fc from 'fast-check';
import http from 'node:http';
import gql from 'graphql-tag';
import type { DocumentNode, ObjectTypeExtensionNode } from 'graphql';
import { Query, Resolver } from '@nestjs/graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { accountShopApiExtensions } from '../../server/src/plugins/account/api/api-extensions';
import { shopApiExtensions as catalogueShopApiExtensions } from '../../server/src/plugins/catalogue/api/api-extensions';
import { commonShopApiExtensions } from '../../server/src/plugins/common/api/api-extensions';
import { contentShopApiExtensions } from '../../server/src/plugins/content/api/api-extensions';
import { paymentsShopApiExtensions } from '../../server/src/plugins/payments/api/api-extensions';
import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { Lang, shop, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3521;
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 1000);
const CORE_RUNS = Number(process.env.BAD_INPUT_CORE_RUNS ?? RUNS);
const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);
const BATCH = 24;
/** comma-separated operation names to fuzz only those (debugging) */
const ONLY = process.env.BAD_INPUT_OPS?.split(',');

/** Database, driver or stack text: never in a response. */
const LEAK = /sqlite|QueryFailedError|no such column|no such table|SQL syntax|TypeORM|\n\s+at \S|\bat [\w.<>]+ \(\/|node_modules/i;

// --- a resolver that fails like a database would, to see what the client gets --------------------
const FAILING_MESSAGE = 'SqliteError: no such column: Infinity';

@Resolver()
class FailingProbeResolver {
  @Query()
  boundaryProbeFailure(): boolean {
    const error = new Error(FAILING_MESSAGE);
    error.name = 'SqliteError';
    throw error;
  }
}

@VendurePlugin({
  imports: [PluginCommonModule],
  shopApiExtensions: {
    schema: gql`
      extend type Query {
        boundaryProbeFailure: Boolean
      }
    `,
    resolvers: [FailingProbeResolver],
  },
})
class FailingProbePlugin {}

let env: StoreTestEnv;
let customerToken: string;

beforeAll(async () => {
  env = await createStoreTestEnv({
    port: PORT,
    configure: (config) => ({ ...config, plugins: [...(config.plugins ?? []), FailingProbePlugin] }),
  });
  const login = await shopOk(env, `mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }`, {
    u: DEMO_CUSTOMER.emailAddress,
    p: DEMO_CUSTOMER.password,
  });
  customerToken = login.token!;
  expect(customerToken).toBeTruthy();
});
afterAll(async () => {
  agent.destroy();
  await env?.destroy();
});

describe('findings of the probe', () => {
  const ID_OPERATIONS: Array<[string, string, string]> = [
    [
      'relatedOfSingleProduct',
      `query ($id: ID!) { relatedOfSingleProduct(options: { productId: $id }) { __typename } }`,
      'options.productId',
    ],
    ['productReviews', `query ($id: ID!) { productReviews(productId: $id) { totalItems } }`, 'productId'],
    [
      'productVariantFilter',
      `mutation ($id: ID!) { productVariantFilter(input: { productId: $id, optionIds: [] }) { id } }`,
      'input.productId',
    ],
    ['recordProductView', `mutation ($id: ID!) { recordProductView(productId: $id) }`, 'productId'],
    [
      'submitProductReview',
      `mutation ($id: ID!) { submitProductReview(input: { productId: $id, orderLineId: 1, rating: 5, summary: "Lovely", body: "Fits well and feels good." }) { __typename } }`,
      'input.productId',
    ],
    ['setDefaultAddress', `mutation ($id: ID!) { setDefaultAddress(id: $id) { id } }`, 'id'],
    ['setShippingAdd', `mutation ($id: ID!) { setShippingAdd(addressId: $id) { id } }`, 'addressId'],
    [
      'assignVerificationToTheShippingAddress',
      `mutation ($id: ID!) { assignVerificationToTheShippingAddress(addressId: $id) { success } }`,
      'addressId',
    ],
    [
      'verifyTheShippingAddress',
      `mutation ($id: ID!) { verifyTheShippingAddress(addressId: $id, code: "123456") { __typename } }`,
      'addressId',
    ],
    ['addItemToOrder', `mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }`, 'productVariantId'],
  ];

  it.each(ID_OPERATIONS.flatMap(([name, query, field]) => ['Infinity', '1e309'].map((id) => [name, id, query, field] as const)))(
    '%s with the ID "%s" → BAD_USER_INPUT naming the argument, no database text',
    async (_name, id, query, field) => {
      const r = await shop(env, query, { id }, { token: customerToken });
      expect(JSON.stringify(r.errors ?? [])).not.toMatch(LEAK);
      expect(r.status).toBe(400);
      expect(r.errors).toEqual([
        {
          message: `"${field}" is not a valid ID.`,
          extensions: { code: 'BAD_USER_INPUT', field, reason: 'input-invalid-id' },
        },
      ]);
    },
  );

  it('an ID answers in Arabic too', async () => {
    const r = await shop(env, `mutation ($id: ID!) { recordProductView(productId: $id) }`, { id: '-1' }, { lang: 'ar' });
    expect(r.errors?.[0].message).toBe('«productId» ليس معرّفًا صالحًا.');
  });

  it.each(['refreshVerify', 'requestPasswordResetCode'])(
    '%s with an e-mail of 1,001+ characters → BAD_USER_INPUT (was an unhandled "Input too long")',
    async (op) => {
      const email = `${'a'.repeat(1001)}@example.com`;
      const r = await shop(env, `mutation ($e: String!) { ${op}(emailAddress: $e) { success } }`, { e: email });
      expect(r.status).toBe(400);
      expect(r.errors).toEqual([
        {
          message: '"emailAddress" is too long (at most 254 characters).',
          extensions: { code: 'BAD_USER_INPUT', field: 'emailAddress', reason: 'input-too-long' },
        },
      ]);
    },
  );

  it.each([
    ['en', 'Something went wrong on our side. Please try again. Reference: '],
    ['ar', 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى. الرقم المرجعي: '],
  ] as const)('%s: an unhandled (database) error reaches the client as a generic error with a correlation id', async (lang, text) => {
    const logged = vi.spyOn(Logger, 'error');
    try {
      const r = await shop(env, `{ boundaryProbeFailure }`, {}, { lang });
      expect(JSON.stringify(r)).not.toMatch(LEAK);
      expect(r.errors).toHaveLength(1);
      const { message, extensions } = r.errors![0];
      expect(extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(message).toBe(`${text}${extensions.errorId}`);
      // the original is logged with the same id
      const line = logged.mock.calls.map((c) => String(c[0])).find((m) => m.includes(extensions.errorId));
      expect(line).toContain(FAILING_MESSAGE);
    } finally {
      logged.mockRestore();
    }
  });

  const ADD = `mutation ($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename ... on ErrorResult { errorCode message } } }`;
  const ADJUST = `mutation ($id: ID!, $q: Int!) { adjustOrderLine(orderLineId: $id, quantity: $q) { __typename ... on ErrorResult { errorCode message } } }`;
  const QUANTITY_TEXT: Record<Lang, string> = {
    en: 'The quantity must be a whole number from 1 to 10000.',
    ar: 'يجب أن تكون الكمية عددًا صحيحًا من 1 إلى 10000.',
  };

  function inStockVariant(): string {
    const spec = env.seed.catalogue.flatMap((p) => p.variants).find((v) => v.stock >= 20)!;
    return String(env.seed.variantIdBySku[spec.sku]);
  }

  it.each(
    (['en', 'ar'] as const).flatMap((lang) =>
      [0, -1, -2147483648, 1.5, 2 ** 31, 2 ** 53, 10001, 'Infinity', '1e309', 'NaN', '2', null].map((q) => [lang, q] as const),
    ),
  )('%s: addItemToOrder and adjustOrderLine with quantity %s → a clear error', async (lang, q) => {
    const variant = inStockVariant();
    let token: string | null = null;
    const added = await shopOk(env, ADD, { id: variant, q: 1 }, { lang });
    token = added.token;
    const lineQuery = await shopOk(env, `{ activeOrder { lines { id } } }`, {}, { lang, token });
    const lineId = lineQuery.data.activeOrder.lines[0].id;

    for (const [query, id] of [
      [ADD, variant],
      [ADJUST, lineId],
    ] as const) {
      const r = await shop(env, query, { id, q }, { lang, token });
      expect(r.status).toBe(400);
      expect(r.errors).toEqual([
        {
          message: QUANTITY_TEXT[lang],
          extensions: { code: 'BAD_USER_INPUT', field: 'quantity', reason: 'input-quantity-invalid' },
        },
      ]);
    }
    const after = await shopOk(env, `{ activeOrder { totalQuantity } }`, {}, { lang, token });
    expect(after.data.activeOrder.totalQuantity).toBe(1);
  });

  const ADDRESS = `mutation ($input: CreateAddressInput!) { createCustomerAddress(input: $input) { id } }`;
  const address = (patch: Record<string, string>) => ({
    fullName: 'Sara Al-Qahtani',
    streetLine1: 'King Fahd Road 12',
    city: 'Riyadh',
    countryCode: 'SA',
    phoneNumber: '+966501234567',
    ...patch,
  });

  it.each([
    [
      'a 100 KB street',
      { streetLine1: 'x'.repeat(100_000) },
      'input.streetLine1',
      '"input.streetLine1" is too long (at most 300 characters).',
    ],
    ['a NUL in the city', { city: 'Riy\u0000adh' }, 'input.city', '"input.city" contains characters that are not allowed.'],
    [
      'a lone surrogate in the name',
      { fullName: 'Sara \uD800' },
      'input.fullName',
      '"input.fullName" contains characters that are not allowed.',
    ],
    [
      'a 100 KB phone number',
      { phoneNumber: '5'.repeat(100_000) },
      'input.phoneNumber',
      '"input.phoneNumber" is too long (at most 40 characters).',
    ],
    [
      // the storefront sends first name + space + last name, 100 characters each at most
      'a full name one past the storefront’s two names',
      { fullName: `${'a'.repeat(100)} ${'b'.repeat(101)}` },
      'input.fullName',
      '"input.fullName" is too long (at most 201 characters).',
    ],
  ])('createCustomerAddress with %s → BAD_USER_INPUT, nothing saved', async (_what, patch, field, message) => {
    const before = await shopOk(env, `{ activeCustomer { addresses { id } } }`, {}, { token: customerToken });
    const r = await shop(env, ADDRESS, { input: address(patch) }, { token: customerToken });
    expect(r.errors).toEqual([{ message, extensions: { code: 'BAD_USER_INPUT', field, reason: expect.any(String) } }]);
    const after = await shopOk(env, `{ activeCustomer { addresses { id } } }`, {}, { token: customerToken });
    expect(after.data.activeCustomer.addresses).toHaveLength(before.data.activeCustomer.addresses.length);
  });

  it('createCustomerAddress with the longest full name the storefront sends (100 + space + 100) is saved', async () => {
    const r = await shop(env, ADDRESS, { input: address({ fullName: `${'a'.repeat(100)} ${'b'.repeat(100)}` }) }, { token: customerToken });
    expect(r.errors).toBeUndefined();
    expect(r.data.createCustomerAddress.id).toEqual(expect.any(String));
  });

  it.each([
    ['a NUL', { message: 'Hello, I have a question\u0000 about my order.' }, 'input.message'],
    ['a lone surrogate', { name: 'Sara \uDC00' }, 'input.name'],
  ])('contactUs with %s → BAD_USER_INPUT', async (_what, patch, field) => {
    const input = { name: 'Sara', emailAddress: 'sara@example.com', message: 'Hello, I have a question about my order.', ...patch };
    const r = await shop(env, `mutation ($input: ContactUsInput!) { contactUs(input: $input) { __typename } }`, { input }, { lang: 'ar' });
    expect(r.errors).toEqual([
      {
        message: `«${field}» يحتوي على أحرف غير مسموح بها.`,
        extensions: { code: 'BAD_USER_INPUT', field, reason: 'input-invalid-characters' },
      },
    ]);
  });

  it('mergeWishList with 5,000 IDs → BAD_USER_INPUT (lists hold at most 100 items)', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => String(i + 1));
    const r = await shop(env, `mutation ($ids: [ID!]!) { mergeWishList(productIds: $ids) }`, { ids }, { token: customerToken });
    expect(r.errors).toEqual([
      {
        message: '"productIds" has too many items (at most 100).',
        extensions: { code: 'BAD_USER_INPUT', field: 'productIds', reason: 'input-too-many-items' },
      },
    ]);
  });

  it('valid input still passes the boundary (IDs, Arabic text, emoji, line breaks)', async () => {
    const r = await shopOk(
      env,
      `mutation ($input: ContactUsInput!) { contactUs(input: $input) { __typename } }`,
      { input: { name: 'سارة 🌸', emailAddress: 'sara@example.com', message: 'مرحبًا،\nلدي سؤال عن طلبي 👗.' } },
      { lang: 'ar' },
    );
    expect(r.data.contactUs.__typename).toBe('ContactUsMessage');
  });
});

// --- generated bad input ------------------------------------------------------------------------

/** Core operations of the storefront (spec §7) fuzzed beside our plugins' own operations. */
const CORE_OPERATIONS = {
  Query: ['product', 'orderByCode', 'search', 'collection'],
  Mutation: [
    'addItemToOrder',
    'adjustOrderLine',
    'removeOrderLine',
    'applyCouponCode',
    'removeCouponCode',
    'createCustomerAddress',
    'updateCustomerAddress',
    'deleteCustomerAddress',
    'setOrderShippingAddress',
    'setOrderShippingMethod',
    'transitionOrderToState',
    'addPaymentToOrder',
    'login',
    'registerCustomerAccount',
    'requestPasswordReset',
    'resetPassword',
    'refreshCustomerVerification',
    'authenticate',
    'updateCustomer',
    'updateCustomerPassword',
  ],
};

/** Root fields our plugins add to the Shop API, read from their api-extensions.ts. */
function pluginOperations(): Array<{ root: 'Query' | 'Mutation'; name: string }> {
  const docs: DocumentNode[] = [
    accountShopApiExtensions,
    catalogueShopApiExtensions,
    commonShopApiExtensions,
    contentShopApiExtensions,
    paymentsShopApiExtensions,
  ];
  const ops: Array<{ root: 'Query' | 'Mutation'; name: string }> = [];
  for (const doc of docs) {
    for (const def of doc.definitions) {
      if (def.kind !== 'ObjectTypeExtension') continue;
      const ext = def as ObjectTypeExtensionNode;
      if (ext.name.value !== 'Query' && ext.name.value !== 'Mutation') continue;
      for (const f of ext.fields ?? []) ops.push({ root: ext.name.value, name: f.name.value });
    }
  }
  return ops;
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedType {
  kind: string;
  name: string;
  inputFields: Array<{ name: string; type: TypeRef }> | null;
  enumValues: Array<{ name: string }> | null;
  fields: Array<{ name: string; args: Array<{ name: string; type: TypeRef }>; type: TypeRef }> | null;
}

const INTROSPECTION = `{
  __schema { types { kind name
    enumValues { name }
    inputFields { name type { ...T } }
    fields { name type { ...T } args { name type { ...T } } } } }
}
fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;

function typeString(t: TypeRef): string {
  if (t.kind === 'NON_NULL') return `${typeString(t.ofType!)}!`;
  if (t.kind === 'LIST') return `[${typeString(t.ofType!)}]`;
  return t.name!;
}
function namedType(t: TypeRef): TypeRef {
  return t.ofType ? namedType(t.ofType) : t;
}

/** A generated value and whether it is, on purpose, invalid for its type or field. */
type Gen = { value: unknown; bad: boolean };

const SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83Db', '\uDE00x'];
const HUGE_NUMBERS = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '9007199254740992', '9007199254740993', '1e21', '0x1F', '1_000'];

const unicodeEdge = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\u202Eevil\u202C', '\u200B\u200D\uFEFF', 'ﷺ'.repeat(50), 'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍', '\u0301', '𝕳𝖊𝖑𝖑𝖔', '١٢٣', 'e\u0301'),
);
const withInjected = (inject: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 20 }), inject, fc.string({ maxLength: 20 })).map(([a, b, c]) => a + b + c);

const badString: fc.Arbitrary<string> = fc.oneof(
  withInjected(fc.constant('\u0000')),
  withInjected(fc.constantFrom(...SURROGATES)),
  withInjected(fc.constantFrom('\u0007', '\u001B[31m', '\u007F', '\u0085')),
  fc.integer({ min: 1_001, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 300, max: 5_000 }).map((n) => '😀'.repeat(n)),
  fc.integer({ min: 255, max: 2_000 }).map((n) => `${'a'.repeat(n)}@example.com`),
);
const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR '1'='1",
    '1; DROP TABLE product;--',
    '{{7*7}}',
    '${7*7}',
    '../../etc/passwd',
    '',
    ' ',
    '%00',
    'null',
    'undefined',
  ),
  unicodeEdge,
  fc.constantFrom(...HUGE_NUMBERS, '-1', '0', '1.5'),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_VALUE, 2 ** 31),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constant([[[]]]),
);

function valueArb(t: TypeRef, types: Map<string, IntrospectedType>, depth: number): fc.Arbitrary<Gen> {
  if (t.kind === 'NON_NULL') {
    const inner = valueArb(t.ofType!, types, depth);
    return fc.oneof({ weight: 12, arbitrary: inner }, { weight: 1, arbitrary: fc.constant<Gen>({ value: null, bad: true }) });
  }
  const bad = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Gen> => a.map((value) => ({ value, bad: true }));
  const good = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Gen> => a.map((value) => ({ value, bad: false }));
  if (t.kind === 'LIST') {
    return fc.oneof(
      fc.array(valueArb(t.ofType!, types, depth), { maxLength: 4 }).map((items) => ({
        value: items.map((i) => i.value),
        bad: items.some((i) => i.bad),
      })),
      bad(fc.integer({ min: 101, max: 3_000 }).map((n) => Array.from({ length: n }, (_, i) => String(i + 1)))),
      bad(wrongType),
    );
  }
  const named = types.get(t.name!)!;
  if (named.kind === 'INPUT_OBJECT') {
    if (depth > 3) return bad(wrongType);
    const fields = named.inputFields ?? [];
    const record = fc.tuple(...fields.map((f) => fc.option(valueArb(f.type, types, depth + 1), { nil: undefined, freq: 3 })));
    return fc.oneof(
      {
        weight: 8,
        arbitrary: record.map((gens) => {
          const value: Record<string, unknown> = {};
          let isBad = false;
          gens.forEach((g, i) => {
            if (g === undefined) {
              if (fields[i].type.kind === 'NON_NULL') isBad = true;
              return;
            }
            value[fields[i].name] = g.value;
            isBad ||= g.bad;
          });
          return { value, bad: isBad };
        }),
      },
      { weight: 1, arbitrary: bad(wrongType) },
      { weight: 1, arbitrary: bad(fc.constant({ notAField: '\u0000' })) },
    );
  }
  if (named.kind === 'ENUM') {
    return fc.oneof(good(fc.constantFrom(...named.enumValues!.map((v) => v.name))), bad(oddString), bad(wrongType));
  }
  switch (named.name) {
    case 'ID':
      return fc.oneof(
        { weight: 1, arbitrary: good(fc.integer({ min: 1, max: 60 }).map(String)) },
        { weight: 4, arbitrary: bad(fc.constantFrom(...HUGE_NUMBERS, '-1', '0', '1.5', '01', ' 1', '1 ', '', '٣', 'T_1')) },
        { weight: 2, arbitrary: bad(fc.integer({ max: 0 }).map(String)) },
        { weight: 2, arbitrary: bad(fc.oneof(badString, oddString)) },
        { weight: 1, arbitrary: bad(wrongType) },
      );
    case 'String':
      return fc.oneof(
        {
          weight: 1,
          arbitrary: good(fc.constantFrom('WELCOME10', 'customer@example.com', 'sadeem', 'electronics', 'SA', '123456', 'Riyadh')),
        },
        { weight: 4, arbitrary: bad(badString) },
        { weight: 2, arbitrary: bad(oddString) },
        { weight: 1, arbitrary: bad(wrongType) },
      );
    case 'Int':
      return fc.oneof(
        { weight: 1, arbitrary: good(fc.integer({ min: 1, max: 5 })) },
        { weight: 3, arbitrary: bad(fc.constantFrom(0, -1, -(2 ** 31), 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1.5, 1e308, ...HUGE_NUMBERS)) },
        { weight: 1, arbitrary: bad(fc.integer()) },
        { weight: 1, arbitrary: bad(fc.oneof(oddString, wrongType)) },
      );
    case 'Float':
      return fc.oneof(good(fc.double({ min: 0, max: 5, noNaN: true })), bad(fc.constantFrom(...HUGE_NUMBERS, -1e308)), bad(wrongType));
    case 'Boolean':
      return fc.oneof(good(fc.boolean()), bad(fc.constantFrom('true', 0, 1, 'yes', null)), bad(wrongType));
    default:
      // JSON, DateTime, Upload, Money...: strings and objects of every kind
      return bad(fc.oneof(badString, oddString, wrongType));
  }
}

/** A plain keep-alive HTTP client: fetch costs several times more CPU per request, and the
 * server under test shares this process (and the machine's 2 cores). */
const agent = new http.Agent({ keepAlive: true, maxSockets: BATCH });
function post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: env.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Outcome {
  op: string;
  input: unknown;
  status: number;
  body: string;
}

/** Unhandled: an INTERNAL_SERVER_ERROR (or codeless error) without a correlation id, or a 5xx without one. */
function problems(status: number, text: string): string[] {
  const found: string[] = [];
  if (LEAK.test(text)) found.push('database or stack text');
  let json: { errors?: Array<{ extensions?: Record<string, unknown> }> } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    found.push('not JSON');
  }
  for (const e of json?.errors ?? []) {
    const code = e.extensions?.code;
    if (!code || (code === 'INTERNAL_SERVER_ERROR' && !e.extensions?.errorId)) found.push(`unhandled error (${String(code)})`);
  }
  if (status >= 500 && !(json?.errors ?? []).every((e) => e.extensions?.errorId)) found.push(`HTTP ${status}`);
  return found;
}

describe('generated bad input (fast-check)', () => {
  it(
    `every Shop API operation of our plugins (${RUNS} invalid inputs each) and the storefront's core ones (${CORE_RUNS} each) → 0 unhandled errors, 0 database messages`,
    { timeout: 600_000 },
    async () => {
      const schema = await shopOk(env, INTROSPECTION);
      const types = new Map<string, IntrospectedType>(schema.data.__schema.types.map((t: IntrospectedType) => [t.name, t]));
      const ops = [
        ...pluginOperations().map((o) => ({ ...o, runs: RUNS })),
        ...CORE_OPERATIONS.Query.map((name) => ({ root: 'Query' as const, name, runs: CORE_RUNS })),
        ...CORE_OPERATIONS.Mutation.map((name) => ({ root: 'Mutation' as const, name, runs: CORE_RUNS })),
      ].filter((o) => !ONLY || ONLY.includes(o.name));
      const counts: Array<{ operation: string; runs: number; inputs: number; refused: number; failures: number; ms: number }> = [];
      const failures: Outcome[] = [];
      const withoutArgs: string[] = [];
      const started = Date.now();
      let generationMs = 0;

      for (const [index, { root, name, runs }] of ops.entries()) {
        const field = types.get(root)!.fields!.find((f) => f.name === name);
        expect(field, `${root}.${name} is in the schema`).toBeDefined();
        if (!field!.args.length) {
          withoutArgs.push(name);
          continue;
        }
        const returnsObject = ['OBJECT', 'UNION', 'INTERFACE'].includes(types.get(namedType(field!.type).name!)!.kind);
        const varDefs = field!.args.map((a) => `$${a.name}: ${typeString(a.type)}`).join(', ');
        const argList = field!.args.map((a) => `${a.name}: $${a.name}`).join(', ');
        const query = `${root === 'Query' ? 'query' : 'mutation'} (${varDefs}) { ${name}(${argList})${returnsObject ? ' { __typename }' : ''} }`;

        const argsArb = fc
          .tuple(...field!.args.map((a) => valueArb(a.type, types, 0)))
          .filter((gens) => gens.some((g) => g.bad))
          .map((gens) => Object.fromEntries(gens.map((g, i) => [field!.args[i].name, g.value])));
        const genStart = Date.now();
        const inputs = fc.sample(argsArb, { numRuns: runs, seed: SEED + index });
        generationMs += Date.now() - genStart;

        let refused = 0;
        let failed = 0;
        const opStart = Date.now();
        for (let i = 0; i < inputs.length; i += BATCH) {
          await Promise.all(
            inputs.slice(i, i + BATCH).map(async (variables, j) => {
              const res = await post(`/shop-api?languageCode=${(i + j) % 2 ? 'ar' : 'en'}`, JSON.stringify({ query, variables }), {
                'content-type': 'application/json',
                authorization: `Bearer ${customerToken}`,
                // spread over addresses so per-IP limits do not hide the resolvers
                'x-forwarded-for': `10.${(i + j) % 250}.${index % 250}.${(j % 250) + 1}`,
              });
              const text = res.text;
              if (res.status === 400) refused++;
              const found = problems(res.status, text);
              if (found.length) {
                failed++;
                if (failures.length < 20)
                  failures.push({ op: name, input: variables, status: res.status, body: `${found.join(', ')}: ${text.slice(0, 400)}` });
              }
            }),
          );
        }
        counts.push({ operation: `${root}.${name}`, runs, inputs: inputs.length, refused, failures: failed, ms: Date.now() - opStart });
      }

      const total = counts.reduce((s, c) => s + c.inputs, 0);
      const totalFailures = counts.reduce((s, c) => s + c.failures, 0);
      // eslint-disable-next-line no-console -- the counts are this suite's report (issue 15 asks for them)
      console.log(
        [
          `bad input (fast-check seed ${SEED}; re-run with BAD_INPUT_SEED=${SEED}): ${counts.length} operations, ` +
            `${total} inputs, ${totalFailures} failures, ${((Date.now() - started) / 1000).toFixed(1)} s (generation ${(generationMs / 1000).toFixed(1)} s)`,
          ...counts.map(
            (c) =>
              `  ${c.operation.padEnd(52)} inputs ${String(c.inputs).padStart(5)}  refused (400) ${String(c.refused).padStart(5)}  failures ${c.failures}  ${(c.ms / 1000).toFixed(1)} s`,
          ),
          `  without arguments (nothing to fuzz): ${withoutArgs.join(', ')}`,
        ].join('\n'),
      );
      expect(failures).toEqual([]);
      expect(counts.filter((c) => c.inputs < c.runs)).toEqual([]);
      // every operation our plugins add that takes input was fuzzed
      expect(counts.filter((c) => c.runs === RUNS).length).toBeGreaterThanOrEqual(ONLY ? 0 : 30);
    },
  );
});

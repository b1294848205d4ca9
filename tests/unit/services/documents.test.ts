import { readFileSync } from 'node:fs';
import { buildSchema, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as account from '../../../services/account.service';
import * as cart from '../../../services/cart.service';
import * as checkout from '../../../services/checkout.service';
import * as content from '../../../services/content.service';
import * as facets from '../../../services/facets.service';
import * as listing from '../../../services/listing.service';
import * as orders from '../../../services/orders.service';
import * as products from '../../../services/products.service';
import * as purchaseTerms from '../../../services/purchase-terms.service';
import * as reviews from '../../../services/reviews.service';
import * as search from '../../../services/search.service';
import * as session from '../../../services/session.service';
import * as wishlist from '../../../services/wishlist.service';

// Every document the services send, validated against the backend schema that `npm run schema`
// committed: a renamed field or argument fails here, without a running backend.
const schema = buildSchema(readFileSync('services/generated/schema.graphql', 'utf8'));
const modules = { account, cart, checkout, content, facets, listing, orders, products, purchaseTerms, reviews, search, session, wishlist };

const documents = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([name, value]) => name.endsWith('Document') && typeof value === 'object' && value !== null && 'definitions' in value)
    .map(([name, value]) => ({ module, name, document: value as DocumentNode })),
);

const specOperations = readFileSync('../shared/spec/operations.txt', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split(/\s+/).join(' '));

function operation(document: DocumentNode) {
  return document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
}

// The content plugin (server/src/plugins/content) exists but is not registered in the backend yet
// (server/src/plugins/index.ts), so its fields are missing from the generated schema. Until it is,
// documents using them may fail validation only because of those fields; once `npm run schema`
// picks the plugin up, they must validate like every other document.
const CONTENT_PLUGIN_NAMES = [
  'cityDetails',
  'cities',
  'politics',
  'PoliticsType',
  'faqs',
  'socialLinks',
  'alert',
  'superBanners',
  'SuperBannerOptions',
  'banners',
  'BannersInput',
  'contactUs',
  'ContactUsInput',
  'ContactUsMessage',
  'ContactUsInputError',
];
const contentPluginInSchema = schema.getMutationType()?.getFields().contactUs !== undefined;

describe('Shop API documents', () => {
  it.each(documents.map((d) => [`${d.module}.${d.name}`, d.document] as const))('%s is valid against the schema', (_, document) => {
    const errors = validate(schema, document).map((e) => e.message);
    if (contentPluginInSchema) {
      expect(errors).toEqual([]);
    } else {
      const unrelated = errors.filter((m) => !CONTENT_PLUGIN_NAMES.some((name) => m.includes(`"${name}"`)));
      expect(unrelated).toEqual([]);
    }
  });

  it('covers every spec operation by name and kind', () => {
    const names = documents.map((d) => `${operation(d.document).operation} ${operation(d.document).name?.value}`);
    const missing = specOperations.filter((op) => !names.includes(op));
    expect(missing).toEqual([]);
  });
});

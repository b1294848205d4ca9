import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './generated/graphql-env';

// Typed documents from the backend's schema (`npm run schema` regenerates ./generated/).
// Masking is off: services hand plain data to machines and views.
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    DateTime: string;
    JSON: unknown;
    Money: number;
    Upload: Blob;
  };
}>();

export type { ResultOf, VariablesOf } from 'gql.tada';

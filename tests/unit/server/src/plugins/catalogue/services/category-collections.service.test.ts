// @vitest-environment node
import { LanguageCode } from '@vendure/core';
import { describe, expect, it } from 'vitest';

import { planChanges } from '../../../../../../../server/src/plugins/catalogue/services/category-collections.service';

const names = (en: string, ar: string) => [
  { languageCode: LanguageCode.en, name: en },
  { languageCode: LanguageCode.ar, name: ar },
];

describe('planChanges', () => {
  const women = { facetValueId: 1, code: 'women', names: names('Women', 'نساء') };
  const dresses = { facetValueId: 2, code: 'dresses', names: names('Dresses', 'فساتين'), parentCode: 'women' };

  it('creates the collections that have no collection with their code as slug', () => {
    expect(planChanges([women, dresses], []).map((c) => [c.kind, c.plan.code])).toEqual([
      ['create', 'women'],
      ['create', 'dresses'],
    ]);
  });

  it('leaves matching collections alone and updates a changed name or parent', () => {
    const existing = [
      { id: 10, slug: 'women', names: names('Women', 'نساء') },
      { id: 11, slug: 'dresses', parentSlug: 'men', names: names('Dresses', 'فساتين') },
    ];
    expect(planChanges([women, dresses], existing).map((c) => [c.kind, c.plan.code, 'id' in c ? c.id : null])).toEqual([
      ['none', 'women', 10],
      ['update', 'dresses', 11],
    ]);
    const renamed = { ...women, names: names('Ladies', 'نساء') };
    expect(planChanges([renamed], existing)[0]).toMatchObject({ kind: 'update', id: 10 });
  });
});

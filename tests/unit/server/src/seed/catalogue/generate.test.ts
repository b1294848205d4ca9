// @vitest-environment node
// Issue 32 §7: the seeded slugs are clean: accents folded to their letters (`Café Chair` →
// `cafe-chair`, not `caf-chair`), nothing but lower-case Latin letters, digits and single hyphens.
import { describe, expect, it } from 'vitest';
import { generateCatalogue, slugify } from '../../../../../../server/src/seed/catalogue/generate';

describe('slugify', () => {
  it.each([
    ['Café Chair', 'cafe-chair'],
    ['Crème Brûlée Set', 'creme-brulee-set'],
    ['Señor Ñandú 2', 'senor-nandu-2'],
    ['  Running Shoes — Pro  ', 'running-shoes-pro'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('the seeded catalogue', () => {
  const products = generateCatalogue(200, new Date('2026-01-01T00:00:00Z'));

  it('has clean, unique slugs, each its English name with the accents folded', () => {
    for (const p of products) {
      expect(p.slug, p.name.en).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const folded = p.name.en
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      for (const word of p.slug.split('-')) expect(folded, p.slug).toContain(word);
    }
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(products.map((p) => p.slug)).toContain('cafe-chair');
  });
});

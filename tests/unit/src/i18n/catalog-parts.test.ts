import { describe, expect, it } from 'vitest';
import { partOfMessage, partOfOrigin, partsForIds } from '../../../../src/i18n/catalog-parts';

describe('catalog parts (decision 009)', () => {
  it('puts the shell and catalogue pages in core', () => {
    for (const file of [
      'src/containers/site-header.tsx',
      'src/components/footer/site-footer.tsx',
      'src/components/catalogue/product-card.tsx',
      'src/components/pagination/pagination.tsx',
      'src/layouts/default-layout.tsx',
      'src/root.tsx',
      'src/components/error-page/error-page.tsx',
    ]) {
      expect(partOfOrigin(file), file).toBe('core');
    }
  });

  it('gives page groups and content pages a part each and leaves flows to the whole catalog', () => {
    expect(partOfOrigin('src/routes/catalogue/home.tsx')).toBe('home');
    expect(partOfOrigin('src/components/catalogue/filter-bar.tsx')).toBe('listing');
    expect(partOfOrigin('src/routes/catalogue/category.tsx')).toBe('listing');
    expect(partOfOrigin('src/routes/catalogue/product.tsx')).toBe('product');
    expect(partOfOrigin('src/components/catalogue/rating-summary.tsx')).toBe('product');
    expect(partOfOrigin('src/routes/about.tsx')).toBe('about');
    expect(partOfOrigin('src/routes/installment.tsx')).toBe('installment');
    expect(partOfOrigin('src/routes/policy-page.tsx')).toBe('policy');
    expect(partOfOrigin('src/routes/contact.tsx')).toBe('rest');
    expect(partOfOrigin('src/containers/cart-status.tsx')).toBe('rest');
    expect(partOfOrigin('src/components/catalogue/review-form.tsx')).toBe('rest');
    expect(partOfOrigin('src/routes/auth/sign-in.tsx')).toBe('rest');
    expect(partOfOrigin('machines/cart.machine.ts')).toBe('rest');
  });

  it('a message in the shell anywhere, or shared by page groups, is core; one used by flows only, rest', () => {
    expect(partOfMessage(['src/routes/about.tsx', 'src/containers/site-header.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/about.tsx'])).toBe('about');
    expect(partOfMessage(['src/routes/about.tsx', 'src/routes/culture.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/catalogue/product.tsx', 'src/routes/cart/cart.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/cart/cart.tsx', 'src/components/cart/cart-line.tsx'])).toBe('rest');
    expect(partOfMessage([])).toBe('rest');
  });

  it('asks for the parts the render used, or the whole catalog', () => {
    const partOf = { a: 'core', b: 'about', c: 'rest' } as const;
    expect(partsForIds([], partOf)).toEqual(['core']);
    expect(partsForIds(['a'], partOf)).toEqual(['core']);
    expect(partsForIds(['a', 'b'], partOf)).toEqual(['core', 'about']);
    expect(partsForIds(['a', 'c'], partOf)).toBe('full');
    expect(partsForIds(['unknown'], partOf)).toBe('full');
    expect(partsForIds(['constructor'], partOf)).toBe('full');
  });
});

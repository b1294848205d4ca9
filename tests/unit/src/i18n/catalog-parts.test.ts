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
    expect(partOfOrigin('machines/cart.machine.ts')).toBe('rest');
  });

  it('gives the sign-in pages, the profile, the orders and the checkout a part each; their shared parts a part', () => {
    expect(partOfOrigin('src/routes/auth/sign-in.tsx')).toBe('auth');
    expect(partOfOrigin('src/components/auth/social-buttons.tsx')).toBe('auth');
    expect(partOfOrigin('src/layouts/minimal-layout.tsx')).toBe('auth');
    expect(partOfOrigin('src/routes/profile/profile.tsx')).toBe('account');
    expect(partOfOrigin('src/routes/profile/change-password.tsx')).toBe('account');
    expect(partOfOrigin('src/components/profile/use-focus-first-error.ts')).toBe('account');
    expect(partOfOrigin('src/routes/profile/addresses.tsx')).toBe('addresses');
    expect(partOfOrigin('src/routes/profile/orders.tsx')).toBe('orders');
    expect(partOfOrigin('src/routes/profile/order.tsx')).toBe('orders');
    expect(partOfOrigin('src/routes/profile/payments.tsx')).toBe('orders');
    expect(partOfOrigin('src/components/profile/order-state.ts')).toBe('orders');
    expect(partOfOrigin('src/components/profile/tax-invoice-view.tsx')).toBe('orders');
    expect(partOfOrigin('src/containers/order-cancel.tsx')).toBe('orders');
    // The profile's menu is on every profile page.
    expect(partOfOrigin('src/containers/profile-frame.tsx')).toBe('customer');
    expect(partOfOrigin('src/components/profile/profile-shell.tsx')).toBe('customer');
    expect(partOfOrigin('src/routes/checkout/checkout-success.tsx')).toBe('checkout');
    expect(partOfOrigin('src/components/checkout/address-step.tsx')).toBe('checkout');
    expect(partOfOrigin('src/containers/checkout-flow.tsx')).toBe('checkout');
    expect(partOfOrigin('src/containers/checkout-flow-view.tsx')).toBe('checkout');
    expect(partOfOrigin('src/layouts/checkout-layout.tsx')).toBe('checkout');
    expect(partOfOrigin('src/components/phone-input/phone-input.tsx')).toBe('customer');
    // What the machines report is shown once they (and the whole catalog) are there.
    expect(partOfOrigin('src/components/auth/auth-messages.ts')).toBe('rest');
    expect(partOfOrigin('src/components/profile/profile-messages.ts')).toBe('rest');
    expect(partOfOrigin('src/routes/profile/address-form.tsx')).toBe('rest');
    // The shell's sign-out button stays in core.
    expect(partOfOrigin('src/containers/sign-out-button.tsx')).toBe('core');
  });

  it('a message in the shell anywhere, or shared by page groups, is core; one used by flows only, rest', () => {
    expect(partOfMessage(['src/routes/about.tsx', 'src/containers/site-header.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/about.tsx'])).toBe('about');
    expect(partOfMessage(['src/routes/about.tsx', 'src/routes/culture.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/catalogue/product.tsx', 'src/routes/cart/cart.tsx'])).toBe('core');
    // Issue 38 §2: the cart page is rendered on the server with its lines: a part of its own.
    expect(partOfMessage(['src/routes/cart/cart.tsx', 'src/components/cart/cart-line.tsx'])).toBe('cart');
    // the coupon form: the cart's and the checkout's (both load customer)
    expect(partOfOrigin('src/containers/coupon-form.tsx')).toBe('customer');
    expect(partOfOrigin('src/routes/cart/wishlist.tsx')).toBe('rest');
    expect(partOfMessage([])).toBe('rest');
  });

  it('a message only the customer`s pages share is in customer; pages loading the whole catalog do not count', () => {
    // The password rules: registration and the profile's change of password.
    expect(partOfMessage(['src/routes/auth/sign-in.tsx', 'src/routes/profile/change-password.tsx'])).toBe('customer');
    // The address fields: the checkout and the profile's addresses.
    expect(partOfMessage(['src/components/checkout/address-step.tsx', 'src/routes/profile/addresses.tsx'])).toBe('customer');
    expect(partOfMessage(['src/components/phone-input/phone-input.tsx'])).toBe('customer');
    expect(partOfMessage(['src/components/phone-input/country-select.tsx', 'src/routes/profile/profile.tsx'])).toBe('customer');
    // The contact form and the cart load the whole catalog: the message stays in the one page part.
    expect(partOfMessage(['src/components/checkout/address-step.tsx', 'src/components/contact/contact-form.tsx'])).toBe('checkout');
    expect(
      partOfMessage(['src/components/cart/cart-summary.tsx', 'src/components/checkout/order-totals.tsx', 'src/routes/profile/order.tsx']),
    ).toBe('customer');
    // An order's summary rows (src/lib/order-summary.ts): checkout, success page, profile order, cart.
    expect(partOfOrigin('src/components/order-summary/summary-rows.tsx')).toBe('customer');
    expect(partOfMessage(['src/components/order-summary/summary-rows.tsx', 'src/routes/profile/order.tsx'])).toBe('customer');
    expect(partOfMessage(['src/routes/profile/orders.tsx', 'src/routes/profile/profile.tsx'])).toBe('customer');
    expect(partOfMessage(['src/routes/profile/orders.tsx', 'src/routes/profile/payments.tsx'])).toBe('orders');
    // A field's error from the machine and the same words in a page: in that page's part.
    expect(partOfMessage(['src/components/auth/auth-messages.ts', 'src/components/profile/profile-messages.ts'])).toBe('rest');
    expect(partOfMessage(['src/components/profile/profile-messages.ts', 'src/routes/profile/profile.tsx'])).toBe('account');
    // Shared with the catalogue or the shell: core.
    expect(partOfMessage(['src/routes/profile/orders.tsx', 'src/components/catalogue/product-card.tsx'])).toBe('core');
    expect(partOfMessage(['src/routes/auth/sign-in.tsx', 'src/containers/site-header.tsx'])).toBe('core');
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

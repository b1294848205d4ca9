import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import type { Locale } from './i18n/locales';

/**
 * Every page exists twice: Arabic at the root and English under /en (decision 001). Route ids
 * are `<locale>.<name>` so loaders, `useRouteLoaderData` and tests can tell the twins apart.
 *
 * Where new pages go:
 * - default layout (header + footer): catalogue, cart, wishlist, profile pages;
 * - checkout layout (minimal header, no footer menus): `checkout/:slug`, `checkout-success`;
 * - minimal layout (logo only): the auth flow.
 * The catch-all `*` stays last in the default layout: unknown paths render the 404 page there.
 */
function pages(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${locale}.${name}`;
  return [
    layout('layouts/default-layout.tsx', { id: id('layout.default') }, [
      index('routes/catalogue/home.tsx', { id: id('home') }),
      route('about', 'routes/about.tsx', { id: id('about') }),
      route('approach', 'routes/approach.tsx', { id: id('approach') }),
      route('culture', 'routes/culture.tsx', { id: id('culture') }),
      route('installment', 'routes/installment.tsx', { id: id('installment') }),
      route('faqs', 'routes/faqs.tsx', { id: id('faqs') }),
      route('contact', 'routes/contact.tsx', { id: id('contact') }),
      route('pages/:slug', 'routes/policy-page.tsx', { id: id('policy') }),
      // Catalogue (issue 4). Static segments outrank `products/:slug`.
      route('products', 'routes/catalogue/products.tsx', { id: id('products') }),
      route('products/c', 'routes/catalogue/categories.tsx', { id: id('categories') }),
      route('products/c/:categoryCode', 'routes/catalogue/category.tsx', { id: id('category') }),
      route('products/c/:categoryCode/:subCategoryCode', 'routes/catalogue/category.tsx', { id: id('subcategory') }),
      route('products/brand/:brandCode', 'routes/catalogue/brand.tsx', { id: id('brand') }),
      route('products/:slug', 'routes/catalogue/product.tsx', { id: id('product') }),
      // Cart and wishlist (issue 5): per-session (decision 003); the cart's server render reads the
      // visitor's cart with the token cookie (issue 38), the wishlist is rendered in the browser.
      route('cart', 'routes/cart/cart.tsx', { id: id('cart') }),
      route('wishlist', 'routes/cart/wishlist.tsx', { id: id('wishlist') }),
      // Profile (issue 13): guarded by each page's own loader (decision 012).
      route('profile', 'routes/profile/profile.tsx', { id: id('profile') }),
      route('profile/addresses', 'routes/profile/addresses.tsx', { id: id('profile.addresses') }),
      route('profile/change-password', 'routes/profile/change-password.tsx', { id: id('profile.change-password') }),
      route('profile/orders', 'routes/profile/orders.tsx', { id: id('profile.orders') }),
      route('profile/orders/:code', 'routes/profile/order.tsx', { id: id('profile.order') }),
      route('profile/payments', 'routes/profile/payments.tsx', { id: id('profile.payments') }),
      route('*', 'routes/not-found.tsx', { id: id('not-found') }),
    ]),
    // Auth (decisions 006, 012): the minimal layout, logo only. /auth is the entry (sign in, create
    // an account, providers); /auth/login the same sign-in form alone (links from review forms).
    layout('layouts/minimal-layout.tsx', { id: id('layout.minimal') }, [
      route('auth', 'routes/auth/sign-in.tsx', { id: id('auth') }),
      route('auth/login', 'routes/auth/sign-in.tsx', { id: id('auth.login') }),
      route('auth/otp', 'routes/auth/otp.tsx', { id: id('auth.otp') }),
      route('auth/forget-password', 'routes/auth/forget-password.tsx', { id: id('auth.forget-password') }),
      route('auth/reset-password', 'routes/auth/reset-password.tsx', { id: id('auth.reset-password') }),
      // Social sign-in (decision 018): the redirect URI of the sign-in window, and the local test
      // identity provider's authorization page (dev/test: it plays Google and Apple).
      route('auth/social/:provider/callback', 'routes/auth/social-callback.tsx', { id: id('auth.social.callback') }),
      route('auth/test-idp/:provider', 'routes/auth/test-idp.tsx', { id: id('auth.test-idp') }),
    ]),
    // Checkout (issue 14, decision 012): signed-in only; the step is the `step` search parameter.
    layout('layouts/checkout-layout.tsx', { id: id('layout.checkout') }, [
      route('checkout/:code', 'routes/checkout/checkout.tsx', { id: id('checkout') }),
      route('checkout-success', 'routes/checkout/checkout-success.tsx', { id: id('checkout-success') }),
    ]),
    // The sign-in window's first stop: sets the state and nonce cookie, redirects to the provider.
    route('auth/social/:provider', 'routes/auth/social-start.ts', { id: id('auth.social') }),
    // Catalogue resource route: a page of a product's reviews as data (no layout).
    route('products/:slug/reviews', 'routes/catalogue/product-reviews.ts', { id: id('product.reviews') }),
  ];
}

export default [
  // Resource routes (no locale, no layout).
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap' }),
  ...pages('ar'),
  ...prefix('en', pages('en')),
] satisfies RouteConfig;

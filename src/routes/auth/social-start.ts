import { data, redirect } from 'react-router';
import type { Route } from './+types/social-start';
import { localeContext } from '../../i18n/locale-middleware.server';
import { config, secureCookiesFor } from '../../lib/config.server';
import { PRIVATE_CACHE_CONTROL } from '../guards.server';
import { authorizationUrl, flowCookie, newFlow } from './oidc.server';
import { socialProvider } from './social.server';

// `/auth/social/:provider`: what the sign-in window opens first (src/routes/auth/sign-in.tsx).
// A fresh state and nonce go into an HttpOnly cookie and the window on to the provider's
// authorization endpoint (docs/decisions/018-social-sign-in.md). A provider not offered: 404.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const provider = await socialProvider(params.provider);
  if (!provider) throw data('Not found', { status: 404, headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } });
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const flow = newFlow();
  return redirect(authorizationUrl(provider, { origin: config.publicUrl ?? url.origin, locale, flow }), {
    headers: {
      'Set-Cookie': flowCookie(provider.id, flow, { locale, secure: secureCookiesFor(url) }),
      'Cache-Control': PRIVATE_CACHE_CONTROL,
    },
  });
}

import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Post, BadRequestException } from '@nestjs/common';

import { ACCOUNT_PLUGIN_OPTIONS, AccountPluginOptions } from '../constants';
import { TestIdpService } from '../services/test-idp.service';

/**
 * Local OpenID provider for development and tests (social login without internet).
 * Disabled (404) when NODE_ENV=production unless TEST_IDP=true. It signs tokens for any
 * e-mail: it exists precisely so that tests can play the provider, so never enable it on a
 * public production shop.
 */
@Controller('test-idp')
export class TestIdpController {
  constructor(
    private readonly idp: TestIdpService,
    @Inject(ACCOUNT_PLUGIN_OPTIONS) private readonly options: AccountPluginOptions,
  ) {}

  @Get('.well-known/jwks.json')
  jwks() {
    this.assertEnabled();
    return this.idp.jwks();
  }

  @Get('.well-known/openid-configuration')
  discovery() {
    this.assertEnabled();
    return {
      issuer: this.idp.issuer,
      jwks_uri: '/test-idp/.well-known/jwks.json',
      token_endpoint: '/test-idp/token',
      id_token_signing_alg_values_supported: ['RS256'],
    };
  }

  /**
   * Body: { email, emailVerified?, name?, givenName?, familyName?, sub?, audience?, nonce? } →
   * { id_token }. `audience` (the client ID of the authorization request) and `nonce` let the
   * storefront's test sign-in window answer an OpenID authorization request as Google's or
   * Apple's does (src/routes/auth/test-idp.tsx).
   */
  @Post('token')
  @HttpCode(200)
  async token(@Body() body: Record<string, unknown>) {
    this.assertEnabled();
    const email = typeof body?.email === 'string' ? body.email.trim() : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new BadRequestException('email is required');
    const str = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined);
    const id_token = await this.idp.issueIdToken({
      email,
      emailVerified: body.emailVerified === undefined ? true : body.emailVerified === true,
      name: str(body.name),
      givenName: str(body.givenName),
      familyName: str(body.familyName),
      sub: str(body.sub),
      audience: str(body.audience),
      nonce: str(body.nonce),
    });
    return { id_token, token_type: 'id_token', issuer: this.idp.issuer, audience: this.idp.audience };
  }

  private assertEnabled() {
    if (!this.options.testIdpEnabled) throw new NotFoundException();
  }
}

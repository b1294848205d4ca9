export const ACCOUNT_PLUGIN_OPTIONS = Symbol('ACCOUNT_PLUGIN_OPTIONS');
export const loggerCtx = 'AccountPlugin';

export interface AccountPluginOptions {
  /** Validity of a 6-digit code. Default 15 minutes. */
  codeTtlMinutes: number;
  /** Wrong attempts allowed per code. Default 5. */
  maxCodeAttempts: number;
  /** Largest accepted upload. Default 2 MiB. */
  maxUploadBytes: number;
  /** Serve the local test identity provider at /test-idp (default: NODE_ENV !== 'production' or TEST_IDP=true). */
  testIdpEnabled: boolean;
}

export function defaultAccountOptions(env: NodeJS.ProcessEnv = process.env): AccountPluginOptions {
  return {
    codeTtlMinutes: 15,
    maxCodeAttempts: 5,
    maxUploadBytes: 2 * 1024 * 1024,
    testIdpEnabled: env.NODE_ENV !== 'production' || env.TEST_IDP === 'true',
  };
}

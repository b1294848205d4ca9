import { useLingui } from '@lingui/react/macro';

export type SocialProvider = 'google' | 'apple';

export interface SocialButtonsProps {
  providers: SocialProvider[];
  /** A sign-in with a provider is under way (the popup is open or its token is being checked). */
  busy: boolean;
  onSignIn: (provider: SocialProvider) => void;
}

/** "Continue with Google / Apple": the page opens the provider's window (src/routes/auth/sign-in.tsx). */
export function SocialButtons({ providers, busy, onSignIn }: SocialButtonsProps) {
  const { t } = useLingui();
  if (providers.length === 0) return null;
  const label = (p: SocialProvider) => (p === 'google' ? t`Continue with Google` : t`Continue with Apple`);
  return (
    <section className="auth-social" aria-labelledby="auth-social-title">
      <h2 id="auth-social-title" className="auth-social__title">
        {t`Or continue with`}
      </h2>
      <div className="auth-social__buttons">
        {providers.map((p) => (
          <button
            key={p}
            type="button"
            className="button button--secondary auth-social__button"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onSignIn(p)}
          >
            {label(p)}
          </button>
        ))}
      </div>
    </section>
  );
}

import { useLingui } from '@lingui/react/macro';

export type BuildNoticeState = 'offered' | 'refreshing' | null;

export interface BuildNoticeProps {
  /** null: nothing to offer (the region stays, empty, so what appears in it is announced). */
  state: BuildNoticeState;
  /** A newer build is out, or a part of this one failed to load. */
  reason: 'newBuild' | 'chunkFailed' | null;
  onRefresh: () => void;
}

/**
 * The polite offer to load a new version of the shop (decision 017): a live region that speaks
 * once, never a dialog, and never a reload the shopper did not ask for.
 */
export function BuildNotice({ state, reason, onRefresh }: BuildNoticeProps) {
  const { t } = useLingui();
  return (
    <div className="build-notice" role="status">
      {state && (
        <div className="build-notice__card">
          <p className="build-notice__text">
            {reason === 'chunkFailed'
              ? t`Part of this page could not load. Refreshing the page should fix it.`
              : t`A new version of the shop is available. Refresh the page when you are ready; finish what you are typing first.`}
          </p>
          <button
            type="button"
            className="button button--primary build-notice__button"
            disabled={state === 'refreshing'}
            onClick={onRefresh}
          >
            {state === 'refreshing' ? t`Refreshing…` : t`Refresh`}
          </button>
        </div>
      )}
    </div>
  );
}

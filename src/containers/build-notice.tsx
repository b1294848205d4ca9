import { BuildNotice, type BuildNoticeState } from '../components/build-notice/build-notice';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';

/** The new-build check's offer (machines/build-check.machine.ts), on every page (src/root.tsx). */
export function BuildNoticeContainer() {
  const { actor } = useAppActor('build');
  const state = useActorSelector(
    actor,
    (s): BuildNoticeState => (s.matches('outdated') ? 'offered' : s.matches('holding') || s.matches('refreshing') ? 'refreshing' : null),
    null,
  );
  const reason = useActorSelector(actor, (s) => s.context.reason, null);
  return <BuildNotice state={state} reason={reason} onRefresh={() => actor?.send({ type: 'build.refresh', at: Date.now() })} />;
}

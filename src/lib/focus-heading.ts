/**
 * History state of a client navigation after which the new page's heading takes focus: the header
 * search's submit (focus was in the header, and the results page may be the page already shown,
 * so neither a change of path nor RouteFocus, which loads with the actors, can be relied on).
 */
export const FOCUS_HEADING_STATE = { focusHeading: true } as const;

export function wantsHeadingFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;
}

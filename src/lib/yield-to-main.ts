/**
 * Ends the current task so the browser can paint and handle input before the rest of the work
 * (`scheduler.yield()` where there is one, else a zero timeout). Used between the large steps
 * after the first paint (evaluating a chunk, starting the actors, hydrating) so no single step
 * blocks the main thread for long.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

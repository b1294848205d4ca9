import { useEffect } from 'react';
import { useAppActorsHandle } from './app-actors';

/**
 * Counts a view for "most watched" once the page is interactive: a fire-and-forget actor from
 * the composition root, never the loader (so the server render stays cacheable and bots that do
 * not run scripts do not count).
 */
export function useRecordProductView(productId: string): void {
  const { actors } = useAppActorsHandle();
  // Waits for the app's actors (they load after hydration), then counts once per product.
  useEffect(() => {
    actors?.recordProductView(productId);
  }, [actors, productId]);
}

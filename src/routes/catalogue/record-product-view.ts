import { useEffect } from 'react';
import { createActor } from 'xstate';
import { useAppActors } from '../../app/app-actors';

/**
 * Counts a view for "most watched" once the page is interactive: a fire-and-forget actor from
 * the composition root, never the loader (so the server render stays cacheable and bots that do
 * not run scripts do not count).
 */
export function useRecordProductView(productId: string): void {
    const { machines } = useAppActors();
    useEffect(() => {
        createActor(machines.recordProductView, { input: { productId } }).start();
    }, [machines, productId]);
}

/**
 * The first half of the app's actors chunk, evaluated in a task of its own (decision 022): xstate
 * and the largest long-lived state charts. Building a state chart is most of what evaluating the
 * actors costs (`createMachine` walks every state), and one task doing it all blocked the main
 * thread for ~100 ms on a phone-speed CPU. src/entry.client.tsx imports this, yields, then imports
 * src/app/browser-actors.ts, which finds these modules already evaluated.
 */
export { cartMachine } from '../../machines/cart.machine';
export { wishlistMachine } from '../../machines/wishlist.machine';
export { sessionMachine } from '../../machines/session.machine';

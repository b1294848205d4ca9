import { and, fromPromise, not, setup } from 'xstate';

/** A small machine with every shape the graph conversion handles: nested, parallel, guards, invoke, after, always, final. */
export const doorMachine = setup({
  types: {
    events: {} as
      | { type: 'door.open' }
      | { type: 'door.close' }
      | { type: 'door.lock'; code: string }
      | { type: 'light.toggle' }
      | { type: 'alarm.reset' },
  },
  guards: {
    isUnlocked: () => true,
    hasCode: ({ event }) => (event as { code?: string }).code === '1234',
    isNight: () => false,
  },
  // never answers: the machine stays open while a test looks at it
  actors: { checkAlarm: fromPromise(() => new Promise<boolean>(() => {})) },
}).createMachine({
  id: 'door',
  initial: 'closed',
  on: { 'alarm.reset': '.closed' },
  states: {
    closed: {
      initial: 'unlocked',
      states: {
        unlocked: { on: { 'door.lock': { target: 'locked', guard: 'hasCode' } } },
        locked: { after: { 500: 'unlocked' } },
      },
      on: { 'door.open': { target: 'open', guard: and(['isUnlocked', not('isNight')]) } },
    },
    open: {
      type: 'parallel',
      invoke: { src: 'checkAlarm', id: 'alarm', onDone: 'done', onError: 'closed' },
      states: {
        light: {
          initial: 'off',
          states: { off: { on: { 'light.toggle': 'on' } }, on: { on: { 'light.toggle': 'off' } } },
        },
        door: { initial: 'ajar', states: { ajar: { always: { target: 'wide', guard: 'isUnlocked' } }, wide: {} } },
      },
      on: { 'door.close': { target: 'closed' }, 'light.toggle': { actions: () => {} } },
    },
    done: { type: 'final' },
  },
});

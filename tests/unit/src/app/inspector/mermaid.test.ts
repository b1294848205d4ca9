import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machineToGraph } from '../../../../../src/app/inspector/graph';
import { machinePage, toMermaid } from '../../../../../src/app/inspector/mermaid';
import { doorMachine } from './fixture';

describe('toMermaid', () => {
  it('draws nested and parallel regions, guards, invoked actors and final states; not targetless transitions', () => {
    expect(toMermaid(machineToGraph(doorMachine)).split('\n')).toEqual([
      'stateDiagram-v2',
      '  [*] --> door_closed',
      '  state "closed" as door_closed',
      '  state door_closed {',
      '    [*] --> door_closed_unlocked',
      '    state "unlocked" as door_closed_unlocked',
      '    state "locked" as door_closed_locked',
      '    door_closed_unlocked --> door_closed_locked: door.lock [hasCode]',
      '    door_closed_locked --> door_closed_unlocked: after 500ms',
      '  }',
      '  state "open" as door_open',
      '  state door_open {',
      '    state "light" as door_open_light',
      '    state door_open_light {',
      '      [*] --> door_open_light_off',
      '      state "off" as door_open_light_off',
      '      state "on" as door_open_light_on',
      '      door_open_light_off --> door_open_light_on: light.toggle',
      '      door_open_light_on --> door_open_light_off: light.toggle',
      '    }',
      '    --',
      '    state "door" as door_open_door',
      '    state door_open_door {',
      '      [*] --> door_open_door_ajar',
      '      state "ajar" as door_open_door_ajar',
      '      state "wide" as door_open_door_wide',
      '      door_open_door_ajar --> door_open_door_wide: always [isUnlocked]',
      '    }',
      '  }',
      '  note right of door_open',
      '    invokes checkAlarm',
      '  end note',
      '  state "done" as door_done',
      '  door_done --> [*]',
      '  door_closed --> door_open: door.open [and(isUnlocked, not(isNight))]',
      '  door_open --> door_closed: door.close',
      '  door_open --> door_done: done alarm',
      '  door_open --> door_closed: error alarm',
    ]);
  });

  it('draws a transition across composite states between their boxes and names the real ends', () => {
    const m = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { initial: 'a1', states: { a1: { on: { go: '#m.b.b2' } } } },
        b: { initial: 'b1', states: { b1: {}, b2: {} } },
      },
    });
    expect(
      toMermaid(machineToGraph(m))
        .split('\n')
        .filter((l) => l.includes('-->') && !l.includes('[*]')),
    ).toEqual(['  m_a --> m_b: go (from a1, to b2)']);
  });
});

describe('machinePage', () => {
  it('tables the events, guards, actors and what the machine handles in every state', () => {
    const page = machinePage('door', 'machines/door.machine.ts', 'doorMachine', machineToGraph(doorMachine));
    const after = (heading: string) => page.split(`## ${heading}\n\n`)[1]!.split('\n\n')[0];
    expect(after('Handled in every state')).toBe('| Event | Guard | Target |\n| --- | --- | --- |\n| `alarm.reset` |  | `door.closed` |');
    expect(after('Events')).toBe(
      [
        '| Event | Handled in |',
        '| --- | --- |',
        '| `alarm.reset` | `door` |',
        '| `door.close` | `door.open` |',
        '| `door.lock` | `door.closed.unlocked` |',
        '| `door.open` | `door.closed` |',
        '| `light.toggle` | `door.open`, `door.open.light.off`, `door.open.light.on` |',
      ].join('\n'),
    );
    expect(after('Guards')).toBe('- `and(isUnlocked, not(isNight))`\n- `hasCode`\n- `isUnlocked`');
    expect(after('Invoked actors')).toBe('- `checkAlarm` in `door.open`\n');
  });
});

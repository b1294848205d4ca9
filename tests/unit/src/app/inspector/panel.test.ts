import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { maskTokens, startPanel } from '../../../../../src/app/inspector/panel';
import { doorMachine } from './fixture';

const tokenMachine = setup({ types: { context: {} as { token: string | null; nested: { refreshToken: string } } } }).createMachine({
  id: 'session',
  context: { token: 'secret-token', nested: { refreshToken: 'r-secret' } },
});

function panelRoot() {
  const host = document.querySelector<HTMLElement>('[data-xsid="xstate-dev-inspector"]');
  if (!host?.shadowRoot) throw new Error('no panel');
  return host.shadowRoot;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

afterEach(() => document.body.replaceChildren());

describe('the offline inspector panel', () => {
  it('draws the statechart, highlights the active states and sends the events the state accepts', async () => {
    const inspect = startPanel(document);
    const actor = createActor(doorMachine, { inspect }).start();
    await frame();
    const root = panelRoot();

    expect([...root.querySelectorAll('nav button')].map((b) => b.textContent)).toEqual(['door']);
    expect([...root.querySelectorAll('.events button')].map((b) => b.textContent)).toEqual(['alarm.reset', 'door.open']);
    await until(() => root.querySelectorAll('svg .node').length === 11);
    expect([...root.querySelectorAll('svg .node.active')].map((n) => n.getAttribute('data-id'))).toEqual([
      'door.closed',
      'door.closed.unlocked',
    ]);

    // A button fills the JSON editor with the bare event; Send sends it.
    (root.querySelector('.events button:nth-child(2)') as HTMLButtonElement).click();
    const editor = root.querySelector('textarea')!;
    expect(JSON.parse(editor.value)).toEqual({ type: 'door.open' });
    ([...root.querySelectorAll('button')].find((b) => b.textContent === 'Send') as HTMLButtonElement).click();
    expect(actor.getSnapshot().value).toEqual({ open: { light: 'off', door: 'wide' } });
    await frame();
    await until(() => root.querySelectorAll('svg .node.active').length === 5);
    expect([...root.querySelectorAll('svg .node.active')].map((n) => n.getAttribute('data-id'))).toEqual([
      'door.open',
      'door.open.light',
      'door.open.light.off',
      'door.open.door',
      'door.open.door.wide',
    ]);
    expect([...root.querySelectorAll('.events button')].map((b) => b.textContent)).toEqual(['alarm.reset', 'door.close', 'light.toggle']);
    expect(root.querySelector('ol li')?.textContent).toMatch(/\{"type":"door\.open"\}$/);
    actor.stop();
  });

  it('sends an event with a payload typed in the editor, and refuses what is not an event', async () => {
    const inspect = startPanel(document);
    const actor = createActor(doorMachine, { inspect }).start();
    await frame();
    const root = panelRoot();
    const editor = root.querySelector('textarea')!;
    const send = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Send') as HTMLButtonElement;
    editor.value = '[1]';
    send.click();
    expect(root.querySelector('[role="status"]')?.textContent).toBe('an event is an object with a string "type"');
    editor.value = '{ "type": "door.lock", "code": "1234" }';
    send.click();
    expect(actor.getSnapshot().value).toEqual({ closed: 'locked' });
    actor.stop();
  });

  it('masks tokens in the context', async () => {
    const inspect = startPanel(document);
    const actor = createActor(tokenMachine, { inspect }).start();
    await frame();
    const context = JSON.parse(panelRoot().querySelector('pre')!.textContent!);
    expect(context).toEqual({ token: '•••', nested: { refreshToken: '•••' } });
    expect(maskTokens({ token: null, tokens: 3 })).toEqual({ token: null, tokens: 3 });
    actor.stop();
  });
});

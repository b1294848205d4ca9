import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckUserResult } from '../../../services/session.service';
import { sessionMachine, TOKEN_SYNC_MAX_AGE_MS, type SessionInput } from '../../../machines/session.machine';

const anonymousCheck: CheckUserResult = { customerId: null, cartCount: 2, wishlistCount: 0 };
const customerCheck: CheckUserResult = { customerId: '42', cartCount: 3, wishlistCount: 5 };

function start(
  input: SessionInput,
  fakes: { createSession?: () => Promise<{ token: string }>; checkUser?: (token: string | null) => Promise<CheckUserResult> } = {},
) {
  const spies = {
    createSession: vi.fn(fakes.createSession ?? (async () => ({ token: 'fresh-token' }))),
    checkUser: vi.fn(fakes.checkUser ?? (async () => anonymousCheck)),
    storeToken: vi.fn(),
    forgetToken: vi.fn(),
    syncToken: vi.fn(),
    unsyncToken: vi.fn(),
    reportCheck: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      createSession: fromPromise(() => spies.createSession()),
      checkUser: fromPromise(({ input: i }) => spies.checkUser(i.token)),
    },
    actions: {
      storeToken: (_, p) => spies.storeToken(p),
      forgetToken: () => spies.forgetToken(),
      syncToken: (_, p) => spies.syncToken(p),
      unsyncToken: (_, p) => spies.unsyncToken(p),
      reportCheck: (_, p) => spies.reportCheck(p),
    },
  });
  const actor = createActor(machine, { input }).start();
  const settled = (state: string) => vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state));
  return { actor, spies, settled };
}

describe('session machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates an anonymous session when no token exists', async () => {
    const { actor, spies, settled } = start({ token: null });

    await settled('anonymous');

    expect(spies.createSession).toHaveBeenCalledTimes(1);
    expect(spies.checkUser).not.toHaveBeenCalled();
    expect(spies.storeToken).toHaveBeenCalledWith({ token: 'fresh-token' });
    expect(actor.getSnapshot().context).toMatchObject({ token: 'fresh-token', customerId: null });
  });

  it('stores the session token once when the response header already delivered it', async () => {
    let actorRef: { send: (e: { type: 'session.tokenChanged'; token: string }) => void } | null = null;
    const { actor, spies, settled } = start(
      { token: null },
      {
        createSession: async () => {
          await Promise.resolve(); // the actor reference exists once start() returned
          if (!actorRef) throw new Error('actor not ready');
          actorRef.send({ type: 'session.tokenChanged', token: 'fresh-token' }); // the client's onToken
          return { token: 'fresh-token' };
        },
      },
    );
    actorRef = actor;
    await settled('anonymous');

    expect(spies.storeToken.mock.calls).toEqual([[{ token: 'fresh-token' }]]);
  });

  it('checks the user when a token exists and is logged in when the check returns an id', async () => {
    const { actor, spies, settled } = start({ token: 'stored' }, { checkUser: async () => customerCheck });

    await settled('loggedIn');

    expect(spies.createSession).not.toHaveBeenCalled();
    expect(spies.checkUser).toHaveBeenCalledWith('stored');
    expect(actor.getSnapshot().context).toMatchObject({ customerId: '42' });
  });

  it('is anonymous (with its cart count) when the check returns no id', async () => {
    const { actor, settled } = start({ token: 'stored' });

    await settled('anonymous');

    expect(actor.getSnapshot().context).toMatchObject({ customerId: null, token: 'stored' });
  });

  it('stays anonymous when creating a session fails', async () => {
    const { actor, settled } = start({ token: null }, { createSession: async () => Promise.reject(new Error('down')) });

    await settled('anonymous');

    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('stores a changed token and ignores the same token again', async () => {
    const { actor, spies, settled } = start({ token: 'stored' });
    await settled('anonymous');

    actor.send({ type: 'session.tokenChanged', token: 'rotated' });
    actor.send({ type: 'session.tokenChanged', token: 'rotated' });

    expect(spies.storeToken.mock.calls).toEqual([[{ token: 'rotated' }]]);
    expect(actor.getSnapshot().context.token).toBe('rotated');
  });

  it("hands the check's answer (counts included) to its parent instead of keeping the counts", async () => {
    const { actor, spies, settled } = start({ token: 'stored' }, { checkUser: async () => customerCheck });
    await settled('loggedIn');

    expect(spies.reportCheck).toHaveBeenCalledWith({ customerId: '42', cartCount: 3, wishlistCount: 5 });
    expect(actor.getSnapshot().context).not.toHaveProperty('cartCount');
  });

  it('on sign-in stores the token and refreshes the counts through the user check', async () => {
    const checks = [anonymousCheck, customerCheck];
    const { actor, spies, settled } = start({ token: 'guest' }, { checkUser: async () => checks.shift()! });
    await settled('anonymous');

    actor.send({ type: 'session.signedIn', token: 'customer-token', customerId: '42' });
    await settled('loggedIn');

    expect(spies.storeToken).toHaveBeenCalledWith({ token: 'customer-token' });
    expect(spies.checkUser).toHaveBeenLastCalledWith('customer-token');
    expect(actor.getSnapshot().context).toMatchObject({ customerId: '42' });
  });

  it('keeps a signed-in customer logged in when the refresh check fails', async () => {
    let calls = 0;
    const { actor, settled } = start(
      { token: 'guest' },
      { checkUser: async () => (calls++ === 0 ? anonymousCheck : Promise.reject(new Error('offline'))) },
    );
    await settled('anonymous');

    actor.send({ type: 'session.signedIn', customerId: '42' });
    await settled('loggedIn');

    expect(actor.getSnapshot().context.customerId).toBe('42');
  });

  it('on sign-out forgets the user and token and starts a new anonymous session', async () => {
    const { actor, spies, settled } = start({ token: 'stored' }, { checkUser: async () => customerCheck });
    await settled('loggedIn');

    actor.send({ type: 'session.signedOut' });
    await settled('anonymous');

    expect(spies.forgetToken).toHaveBeenCalledTimes(1);
    expect(spies.createSession).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ customerId: null, token: 'fresh-token' });
  });

  describe('token sync', () => {
    const url = '/api/token';

    it('is off without a tokenSyncUrl', async () => {
      const { actor, spies, settled } = start({ token: 'stored' }, { checkUser: async () => customerCheck });
      await settled('loggedIn');

      actor.send({ type: 'session.tokenChanged', token: 'new' });
      actor.send({ type: 'session.signedOut' });

      expect(spies.syncToken).not.toHaveBeenCalled();
      expect(spies.unsyncToken).not.toHaveBeenCalled();
    });

    it('POSTs the token after sign-in and after a token change', async () => {
      const { actor, spies, settled } = start({ token: 'guest', tokenSyncUrl: url });
      await settled('anonymous');

      actor.send({ type: 'session.signedIn', token: 'customer', customerId: '42' });
      expect(spies.syncToken).toHaveBeenLastCalledWith({ url, token: 'customer' });

      actor.send({ type: 'session.tokenChanged', token: 'rotated' });
      expect(spies.syncToken).toHaveBeenLastCalledWith({ url, token: 'rotated' });
      expect(spies.syncToken).toHaveBeenCalledTimes(2);
    });

    it('skips the sync when the token is older than 5 minutes', async () => {
      const issuedAt = Date.now() - TOKEN_SYNC_MAX_AGE_MS - 1;
      const { actor, spies, settled } = start({ token: 'old', tokenIssuedAt: issuedAt, tokenSyncUrl: url });
      await settled('anonymous');

      // Sign-in without a new token keeps the old issue time.
      actor.send({ type: 'session.signedIn', customerId: '42' });

      expect(spies.syncToken).not.toHaveBeenCalled();
    });

    it('syncs a token issued within 5 minutes', async () => {
      const issuedAt = Date.now() - TOKEN_SYNC_MAX_AGE_MS + 1000;
      const { actor, spies, settled } = start({ token: 'recent', tokenIssuedAt: issuedAt, tokenSyncUrl: url });
      await settled('anonymous');

      actor.send({ type: 'session.signedIn', customerId: '42' });

      expect(spies.syncToken).toHaveBeenCalledWith({ url, token: 'recent' });
    });

    it('sends the DELETE on sign-out', async () => {
      const { actor, spies, settled } = start({ token: 'stored', tokenSyncUrl: url }, { checkUser: async () => customerCheck });
      await settled('loggedIn');

      actor.send({ type: 'session.signedOut' });

      expect(spies.unsyncToken).toHaveBeenCalledWith({ url });
    });
  });
});

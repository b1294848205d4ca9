import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_REFRESH_KEY,
  readLastRefresh,
  redirectToPayment,
  refreshForBuild,
  runningBuildId,
} from '../../../../src/app/browser-adapters';

describe('redirectToPayment (checkout → payment provider)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('posts the signed card form to its gateway, one hidden field per parameter', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const assign = vi.fn();
    const doc = {
      createElement: document.createElement.bind(document),
      body: document.body,
      defaultView: { location: { assign } },
    } as unknown as Document;

    redirectToPayment(
      {
        paymentUrl: 'http://127.0.0.1:3000/sandbox/pay/REF1',
        payFort: {
          gatewayUrl: 'http://127.0.0.1:3000/sandbox/payfort/paymentPage',
          params: { merchant_reference: 'REF1', amount: '22500', signature: 'abc', skipped: null },
        },
      },
      doc,
    );

    const form = document.body.querySelector('form')!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://127.0.0.1:3000/sandbox/payfort/paymentPage');
    expect(Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, i.value]))).toEqual({
      merchant_reference: 'REF1',
      amount: '22500',
      signature: 'abc',
    });
    expect([...form.querySelectorAll('input')].every((i) => i.type === 'hidden')).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the paymentUrl when there is no signed form (Tamara, Tabby, a failed signature)', () => {
    const assign = vi.fn();
    const doc = {
      createElement: document.createElement.bind(document),
      body: document.body,
      defaultView: { location: { assign } },
    } as unknown as Document;

    redirectToPayment({ paymentUrl: 'http://127.0.0.1:3000/sandbox/pay/REF2', payFort: null }, doc);

    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:3000/sandbox/pay/REF2');
    expect(document.body.querySelector('form')).toBeNull();
  });
});

describe('the new build check in the browser (decision 017)', () => {
  afterEach(() => {
    delete (window as { __reactRouterManifest?: unknown }).__reactRouterManifest;
    sessionStorage.clear();
  });

  it('reads the running build from the React Router manifest of the page', () => {
    expect(runningBuildId()).toBeNull();
    (window as { __reactRouterManifest?: unknown }).__reactRouterManifest = { version: 'c0ffee42' };
    expect(runningBuildId()).toBe('c0ffee42');
  });

  it('remembers a refresh across the reload, so the next page can guard against a loop', () => {
    const reload = vi.fn();
    refreshForBuild(sessionStorage, { at: 1234, fromBuildId: 'aaa' }, reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(readLastRefresh(sessionStorage)).toEqual({ at: 1234, fromBuildId: 'aaa' });
  });

  it('still reloads when storage refuses, and reads nothing from a broken or missing entry', () => {
    const reload = vi.fn();
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    refreshForBuild(full, { at: 1, fromBuildId: 'aaa' }, reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(readLastRefresh(null)).toBeNull();
    sessionStorage.setItem(BUILD_REFRESH_KEY, '{not json');
    expect(readLastRefresh(sessionStorage)).toBeNull();
    sessionStorage.setItem(BUILD_REFRESH_KEY, JSON.stringify({ at: 'soon', fromBuildId: 'aaa' }));
    expect(readLastRefresh(sessionStorage)).toBeNull();
  });
});

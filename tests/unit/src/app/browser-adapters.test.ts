import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectToPayment } from '../../../../src/app/browser-adapters';

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

import { describe, expect, it } from 'vitest';
import { progressFetch } from '../../../../src/app/progress-fetch';

/** A scripted XMLHttpRequest: records the request, replays upload progress, then answers. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nvendure-auth-token: t-2\r\n';
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe('progressFetch (src/app/progress-fetch.ts)', () => {
  it('sends method, headers and body, reports upload progress and answers a Response with the headers', async () => {
    const xhr = new FakeXhr();
    const progress: [number, number][] = [];
    const doFetch = progressFetch(
      (l, t) => progress.push([l, t]),
      () => xhr as unknown as XMLHttpRequest,
    );
    const form = new FormData();
    const pending = doFetch('http://shop.test/shop-api?languageCode=ar', {
      method: 'POST',
      body: form,
      headers: { authorization: 'Bearer t-1' },
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://shop.test/shop-api?languageCode=ar');
    expect(xhr.headers).toEqual({ authorization: 'Bearer t-1' });
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ loaded: 500, total: 1000, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 1000, total: 1000, lengthComputable: true });
    xhr.answer(200, '{"data":{}}');
    const response = await pending;
    expect(progress).toEqual([
      [500, 1000],
      [1000, 1000],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('vendure-auth-token')).toBe('t-2');
    await expect(response.json()).resolves.toEqual({ data: {} });
  });

  it('aborts the request when the signal fires and rejects with an AbortError', async () => {
    const xhr = new FakeXhr();
    const abort = new AbortController();
    const pending = progressFetch(
      () => {},
      () => xhr as unknown as XMLHttpRequest,
    )('http://shop.test/x', { method: 'POST', signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });

  it('rejects on a network error', async () => {
    const xhr = new FakeXhr();
    const pending = progressFetch(
      () => {},
      () => xhr as unknown as XMLHttpRequest,
    )('http://shop.test/x', { method: 'POST' });
    xhr.onerror?.();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });
});

/**
 * A `fetch` for uploads that reports the request body's progress: fetch() has no upload progress,
 * XMLHttpRequest has. Only the transport: the Shop API call itself stays in services/
 * (`uploadImage` through a ShopClient made with this fetch).
 */
export type CreateXhr = () => XMLHttpRequest;

export function progressFetch(onProgress: (loaded: number, total: number) => void, createXhr: CreateXhr): typeof globalThis.fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = createXhr();
      const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      xhr.open((init.method ?? 'GET').toUpperCase(), url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const cut = line.indexOf(':');
          if (cut > 0) headers.append(line.slice(0, cut).trim(), line.slice(cut + 1).trim());
        }
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      const signal = init.signal;
      const abort = () => {
        xhr.abort();
        reject(new DOMException('The upload was aborted', 'AbortError'));
      };
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

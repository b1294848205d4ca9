import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { loadI18n } from './i18n/i18n';
import { localeFromPath } from './i18n/paths';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The root middleware has loaded it already, except for requests that never reached it.
  await loadI18n(localeFromPath(new URL(request.url).pathname));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers (and SPA-mode renders) get the complete document in one go.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const lowPriority = lowPriorityModulePreloads();
        lowPriority.pipe(body);
        pipe(lowPriority);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is rendered reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    });
  });
}

const MODULEPRELOAD = '<link rel="modulepreload"';

/**
 * The page is complete HTML before any script runs: the scripts that hydrate it should not take the
 * bandwidth of the stylesheets and the first image on a slow network. Chrome fetches
 * `modulepreload`s at high priority (and Lighthouse then counts them as render-blocking), so they
 * are marked `fetchpriority="low"`; the entry's own `import()` still asks for them at once.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  const rewrite = (text: string) => text.replaceAll(MODULEPRELOAD, `${MODULEPRELOAD} fetchpriority="low"`);
  /** Rewrites `text`, holding back a trailing `<…` that may be the start of a split tag. */
  const emit = (text: string): string => {
    const lt = text.lastIndexOf('<');
    const rest = lt === -1 ? '' : text.slice(lt);
    held = rest.length < MODULEPRELOAD.length && MODULEPRELOAD.startsWith(rest) ? rest : '';
    return rewrite(held ? text.slice(0, lt) : text);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // A decoder, not chunk.toString(): a chunk may end inside a multi-byte (Arabic) character.
      callback(null, emit(held + (typeof chunk === 'string' ? chunk : decoder.write(chunk))));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}

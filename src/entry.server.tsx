import { randomBytes } from 'node:crypto';
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { catalogPartsScript, recordMessageUsage } from './i18n/catalog-usage.server';
import { loadI18n } from './i18n/i18n';
import { localeFromPath } from './i18n/paths';
import { CspNonceContext } from './lib/csp-nonce';

export const streamTimeout = 5_000;

/** Called by the storefront server after an edit in the admin (src/server/admin-edits.mjs). */
export { clearReadCache } from './lib/shop.server';

/**
 * Production renders write this as the nonce of every inline script; the storefront server
 * (src/server/security-headers.mjs) replaces it with a fresh nonce per response, also in
 * documents served from its HTML cache (docs/decisions/013). Random per process so that no
 * content can know it. Development has no policy, so no nonce.
 */
export const cspNoncePlaceholder: string | undefined = import.meta.env.PROD ? randomBytes(18).toString('base64url') : undefined;

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

    // Message ids the render looks up, for the catalog parts script written before </body>.
    const usedMessages = new Set<string>();
    const nonce = cspNoncePlaceholder;
    const { pipe, abort } = recordMessageUsage(usedMessages, () =>
      renderToPipeableStream(
        <CspNonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CspNonceContext.Provider>,
        {
          nonce,
          // Every boundary the render completed is written in place (React outlines large ones
          // into templates revealed by script, which would move the header and page body behind
          // JavaScript and a reveal throttle). The page's boundaries (HydrationSlice) exist only to
          // split hydration; nothing in them suspends on the server.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
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
            // Development keeps Vite's scripts as they are (hot reload, the inspector).
            if (import.meta.env.PROD) {
              const scripts = heroFirstScripts(() => catalogPartsScript(usedMessages, nonce), nonce);
              scripts.pipe(body);
              pipe(scripts);
            } else {
              pipe(body);
            }
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
        },
      ),
    );
  });
}

const MODULEPRELOAD = '<link rel="modulepreload"';
const DEFERRED_MODULEPRELOAD = '<link data-deferred-rel="modulepreload"';
// React Router writes the nonce first: <script nonce="…" type="module" async="">
const moduleScript = (nonce?: string) => `<script${nonceAttribute(nonce)} type="module" async="">`;
const deferredModuleScript = (nonce?: string) => `<script${nonceAttribute(nonce)} type="text/x-deferred-module" data-deferred-module="">`;
const BODY_END = '</body>';

/** The starter script (below), with the document's nonce in production. */
export function heroFirstStarter(nonce?: string): string {
  return `<script${nonceAttribute(nonce)}>${HERO_FIRST_STARTER_CODE}</script>`;
}

/** ` nonce="…"`, or nothing (development). */
export function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9_+/=-]/g, '')}"` : '';
}

/**
 * Starts the scripts once the page's first image (the one marked `fetchpriority="high"`: the hero
 * banner, the product's first photo, the first listing card) has loaded or failed and the next frame
 * has been painted (the first paint when there is no such image or it is already there), at the
 * shopper's first tap or key, and after 2.5 s at the latest. It turns the
 * inert preload links back into `modulepreload`s and the inert module script into a running one
 * (React Router's entry, which hydrates). The recreated module script carries the inert one's nonce:
 * under 'strict-dynamic' a script inserted by a script runs without one only when it is external.
 */
const HERO_FIRST_STARTER_CODE =
  '(()=>{let started=false;const go=()=>{if(started)return;started=true;' +
  "for(const l of document.querySelectorAll('link[data-deferred-rel]')){const n=document.createElement('link');n.rel='modulepreload';n.href=l.getAttribute('href');document.head.append(n)}" +
  "for(const o of document.querySelectorAll('script[data-deferred-module]')){const n=document.createElement('script');n.type='module';n.setAttribute('async','');n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)}};" +
  'const painted=()=>requestAnimationFrame(()=>setTimeout(go,0));' +
  "const hero=document.querySelector('img[fetchpriority=high]');if(!hero||hero.complete)return painted();" +
  "hero.addEventListener('load',painted);hero.addEventListener('error',painted);setTimeout(go,2500);" +
  "for(const e of['pointerdown','keydown','focusin'])addEventListener(e,go,{once:true,capture:true,passive:true})})()";

/** The starter without a nonce (development, tests). */
export const HERO_FIRST_STARTER = heroFirstStarter();

/**
 * The page is complete HTML before any script runs, so on a slow network the first image should
 * not share the bandwidth with ~140 KiB of scripts that only make it interactive (decision 008):
 * the modulepreloads and React Router's module script are written inert, and a small inline
 * starter (HERO_FIRST_STARTER, before `</body>`) starts them when the first image is in.
 * `beforeBodyEnd` is written just before the starter (the catalog parts script: by then the
 * render is complete, React writes `</body>` last). Streams
 * through byte for byte otherwise; tags split across chunks are held back until complete.
 */
export function heroFirstScripts(beforeBodyEnd: () => string = () => '', nonce?: string): Transform {
  const decoder = new StringDecoder('utf8');
  const MODULE_SCRIPT = moduleScript(nonce);
  const DEFERRED_MODULE_SCRIPT = deferredModuleScript(nonce);
  const patterns = [MODULEPRELOAD, MODULE_SCRIPT, BODY_END];
  const longest = Math.max(...patterns.map((p) => p.length));
  let held = '';
  let starterWritten = false;
  const starter = () => {
    starterWritten = true;
    return beforeBodyEnd() + heroFirstStarter(nonce);
  };
  const rewrite = (text: string) =>
    text
      .replaceAll(MODULEPRELOAD, DEFERRED_MODULEPRELOAD)
      .replaceAll(MODULE_SCRIPT, DEFERRED_MODULE_SCRIPT)
      .replace(BODY_END, () => (starterWritten ? BODY_END : starter() + BODY_END));
  /** Rewrites `text`, holding back a trailing `<…` that may be the start of a split tag. */
  const emit = (text: string): string => {
    const lt = text.lastIndexOf('<');
    const rest = lt === -1 ? '' : text.slice(lt);
    held = rest.length < longest && patterns.some((p) => p.startsWith(rest)) ? rest : '';
    return rewrite(held ? text.slice(0, lt) : text);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // A decoder, not chunk.toString(): a chunk may end inside a multi-byte (Arabic) character.
      callback(null, emit(held + (typeof chunk === 'string' ? chunk : decoder.write(chunk))));
    },
    flush(callback) {
      const out = rewrite(held + decoder.end());
      callback(null, starterWritten ? out : out + starter());
    },
  });
}

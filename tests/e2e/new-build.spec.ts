// "The app notices a new build" (issue 16, item 4; decision 017), as a shopper with the shop open
// during a deploy meets it. The test runs a storefront of its own on a copy of the build, so no other
// test sees the deploy: it starts on the current build, then "deploys" a new one the way
// production does (`src/server/builds.mjs keep` saves the old hashed files, the new build replaces
// build/, the server restarts). The new build is the current one under another React Router
// manifest version, with the About page's chunk under another hash (as a changed route gets): what
// differs between two real builds, without a second `react-router build` per run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { browserLocale, expect, gotoHydrated, localePath, locales, serverURL, startingWith, test, tr } from './fixtures';

const root = resolve(import.meta.dirname, '../..');
const current = join(root, 'build');
// Set in beforeAll (a spec file is also loaded by processes that only list the tests).
let work = '';
let live = '';
let previous = '';
let next = '';
let ids = { oldId: '', newId: '', oldAbout: '', newAbout: '' };

/** The build id: React Router's manifest version, from the client build's manifest file name. */
function buildIdOf(buildDir: string): string {
  const name = readdirSync(join(buildDir, 'client/_app')).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no manifest in ${buildDir}: run npm run build:web`);
  return name.slice('manifest-'.length, -'.js'.length);
}

/** The About route's chunk of a build (one module serves /about and /en/about). */
function aboutChunkOf(buildDir: string, id: string): string {
  const text = readFileSync(join(buildDir, 'client/_app', `manifest-${id}.js`), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as { routes: Record<string, { module: string }> };
  return manifest.routes['en.about']!.module.replace('/_app/', '');
}

/** Replaces every occurrence of `from` in a text file. */
function rewrite(file: string, from: string, to: string) {
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));
}

/** Renames a hashed client file (dropping its precompressed copies: their content is the old name's). */
function renameHashed(appDir: string, from: string, to: string) {
  renameSync(join(appDir, from), join(appDir, to));
  for (const suffix of ['.br', '.gz']) rmSync(join(appDir, from + suffix), { force: true });
}

/** A copy of `build/` under another build id, with the About chunk under another name. */
function makeNewBuild(from: string, to: string) {
  cpSync(from, to, { recursive: true });
  const oldId = buildIdOf(to);
  const newId = (Number.parseInt(oldId, 16) ^ 0x5a5a5a5a).toString(16).padStart(oldId.length, '0');
  const app = join(to, 'client/_app');
  const oldAbout = aboutChunkOf(to, oldId);
  const newAbout = oldAbout.replace(/-([\w-]+)\.js$/, '-n3wBu1ld.js');
  renameHashed(app, `manifest-${oldId}.js`, `manifest-${newId}.js`);
  renameHashed(app, oldAbout, newAbout);
  for (const file of [join(app, `manifest-${newId}.js`), join(to, 'server/index.js'), join(to, 'client/sw.js')]) {
    rewrite(file, oldId, newId);
    rewrite(file, oldAbout, newAbout);
  }
  return { oldId, newId, oldAbout, newAbout };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

let storefront: ChildProcess | null = null;
let port = 0;

async function startStorefront() {
  storefront = spawn(process.execPath, [join(root, 'src/server/storefront.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BUILD_DIR: live,
      PREVIOUS_BUILDS_DIR: previous,
      SHOP_API_URL: `${serverURL}/shop-api`,
      // every request sees the build of the moment
      HTML_CACHE_TTL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  storefront.stdout?.on('data', (chunk) => (output += chunk));
  storefront.stderr?.on('data', (chunk) => (output += chunk));
  const until = Date.now() + 45_000;
  while (Date.now() < until) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the test storefront did not start:\n${output.slice(-2000)}`);
}

async function stopStorefront() {
  const child = storefront;
  storefront = null;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** What a deploy does: keep the running build's hashed files, put the new build in place, restart. */
async function deploy() {
  await stopStorefront();
  const kept = spawnSync(process.execPath, [join(root, 'src/server/builds.mjs'), 'keep', live, previous], { encoding: 'utf8' });
  expect(kept.status, kept.stderr).toBe(0);
  rmSync(live, { recursive: true, force: true });
  cpSync(next, live, { recursive: true });
  await startStorefront();
}

// Serial: one storefront of its own; each test restarts it (twice), which takes a while on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  // Inside the project: the server build imports its packages from the project's node_modules.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  work = mkdtempSync(join(root, 'test-results', 'new-build-'));
  live = join(work, 'build');
  previous = join(work, 'build-previous');
  next = join(work, 'next');
  ids = makeNewBuild(current, next);
  port = await freePort();
});

test.beforeEach(async () => {
  await stopStorefront();
  for (const dir of [live, previous]) rmSync(dir, { recursive: true, force: true });
  cpSync(current, live, { recursive: true });
  await startStorefront();
});

test.afterAll(async () => {
  await stopStorefront();
  if (work) rmSync(work, { recursive: true, force: true });
});

for (const locale of locales) {
  test.describe(`${locale}: a new build while the shop is open`, () => {
    test.use(browserLocale(locale));

    test('offers a refresh, keeps what was typed, still loads the old build’s chunks, and refreshing loads the new build', async ({
      page,
      axe,
    }) => {
      const base = `http://127.0.0.1:${port}`;
      const checks: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/_app/build.json') checks.push(request.url());
      });
      const refresh = page.getByRole('button', { name: tr(locale, 'Refresh') });
      const notice = page.getByRole('status').filter({
        hasText: tr(
          locale,
          'A new version of the shop is available. Refresh the page when you are ready; finish what you are typing first.',
        ),
      });

      // The page starts on the current build; its first check (1 s after the app starts) finds it current.
      await gotoHydrated(page, `${base}${localePath(locale, '/contact')}`);
      const field = (label: string) => page.getByRole('textbox', { name: startingWith(tr(locale, label)) });
      const typed = locale === 'ar' ? 'أين طلبي؟ أرجو الرد سريعًا.' : 'Where is my order? Please answer soon.';
      await field('Full name').fill(locale === 'ar' ? 'سارة أحمد' : 'Sara Ahmed');
      await field('Message').fill(typed);
      await expect.poll(() => checks.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version)).toBe(
        ids.oldId,
      );
      await expect(refresh).toHaveCount(0);
      // Marks this document: a reload would lose it.
      await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));

      await deploy();
      // The shopper comes back to the tab: the app checks at once (else at the next interval).
      const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/_app/build.json');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      const answer = await checked;
      expect(answer.request().url()).toMatch(/\?t=\d+$/);
      expect(await answer.json()).toEqual({ id: ids.newId });

      // Offered, politely; nothing reloaded and nothing typed is lost.
      await expect(notice).toBeVisible();
      await expect(refresh).toBeVisible();
      await expect(field('Full name')).toHaveValue(locale === 'ar' ? 'سارة أحمد' : 'Sara Ahmed');
      await expect(field('Message')).toHaveValue(typed);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await axe();

      // A route of the old build, opened after the deploy, still loads its chunk (the new build has
      // renamed it): a client-side navigation, the same document.
      const oldChunk = page.waitForResponse((r) => r.url().endsWith(`/_app/${ids.oldAbout}`));
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: tr(locale, 'About us') })
        .click();
      expect((await oldChunk).status()).toBe(200);
      await expect(page).toHaveURL(`${base}${localePath(locale, '/about')}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await expect(refresh).toBeVisible();

      // The shopper refreshes: the new build, and no offer any more.
      checks.length = 0;
      await refresh.click();
      await page.waitForFunction(() => !(window as { __sameDocument?: boolean }).__sameDocument);
      await page.waitForFunction(
        (id) => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version === id,
        ids.newId,
      );
      await expect(page).toHaveURL(`${base}${localePath(locale, '/about')}`);
      await expect.poll(() => checks.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(refresh).toHaveCount(0);
      expect(existsSync(join(previous, '_app', ids.oldAbout))).toBe(true);
    });
  });
}

test('the service worker carries the build id as its cache version; the check is never cached', async ({ request }) => {
  const base = `http://127.0.0.1:${port}`;
  // stamped by `npm run build:web` (src/server/builds.mjs): the id pages run and the check answers
  expect(await (await request.get(`${base}/sw.js`)).text()).toContain(`const VERSION = '${ids.oldId}';`);
  const check = await request.get(`${base}/_app/build.json?t=1`);
  expect(check.headers()['cache-control']).toBe('no-store');
  expect(await check.json()).toEqual({ id: ids.oldId });
});

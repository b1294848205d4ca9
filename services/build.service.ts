/**
 * The latest-build check (spec §7 "framework files: build manifest, latest-build check"): the
 * storefront server answers `/_app/build.json` with the id of the build it serves (React Router's
 * manifest version, decision 017). Not the Shop API, so no GraphQL client: a plain same-origin GET
 * that no cache may answer.
 */
export const LATEST_BUILD_PATH = '/_app/build.json';

export interface LatestBuild {
  /** The build the server serves now. */
  id: string;
}

/**
 * Asks the server which build it serves. `cache: 'no-store'` keeps the HTTP cache out, and a
 * query that changes per call keeps out anything in between that ignores it. Rejects on any
 * answer that is not a build id (the machine tries again later).
 */
export async function fetchLatestBuild(fetchImpl: typeof fetch, now: number): Promise<LatestBuild> {
  const response = await fetchImpl(`${LATEST_BUILD_PATH}?t=${now}`, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The latest-build check answered ${response.status}`);
  const body: unknown = await response.json();
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw new Error('The latest-build check answered without a build id');
  return { id };
}

export function previousBuildsDir(env?: Record<string, string | undefined>): string;
export function buildIdOf(appDir: string): string | null;
export const SW_VERSION_PATTERN: RegExp;
export function stampServiceWorker(source: string, buildId: string): string;
export function stamp(buildDir: string): string;
export function keepPrevious(
  buildDir: string,
  previousDir: string,
  options?: { keep?: number; now?: number },
): { id: string | null; copied: number; deleted: number };

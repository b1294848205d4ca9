import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '../../../src/entry.server';

async function run(chunks: Buffer[]): Promise<string> {
  const t = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  t.on('data', (c: Buffer | string) => out.push(Buffer.from(c)));
  const done = new Promise((resolve) => t.on('end', resolve));
  for (const c of chunks) t.write(c);
  t.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

const html = '<head><link rel="modulepreload" href="/_app/a.js"/></head><body><p>مرحبا بكم في المتجر</p><link rel="modulepreload" href="/_app/b.js"/></body>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe('lowPriorityModulePreloads', () => {
  it('marks every modulepreload low priority and leaves the rest byte for byte', async () => {
    expect(await run([Buffer.from(html)])).toBe(expected);
  });

  it('handles tags and Arabic characters split across chunks at every position', async () => {
    const bytes = Buffer.from(html);
    for (let i = 1; i < bytes.length; i++) {
      expect(await run([bytes.subarray(0, i), bytes.subarray(i)])).toBe(expected);
    }
  });
});

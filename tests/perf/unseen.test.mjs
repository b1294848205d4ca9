import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { measureUnseen, parseUrlList, searchTerms } from './unseen.mjs';

describe('never-seen URLs (bench:load BENCH_FRESH=unseen)', () => {
  it('reads a `<type> <path>` list, skipping blanks and comments, refusing a line without a path', () => {
    expect(parseUrlList('# the peer\nproduct /products/a\n\nsearch /search?q=shoes\n')).toEqual([
      { type: 'product', path: '/products/a' },
      { type: 'search', path: '/search?q=shoes' },
    ]);
    expect(() => parseUrlList('product products/a')).toThrow('not "<type> <path>"');
  });

  it('searches for each word of the names once: 3+ letters, no bare numbers, at most n', () => {
    expect(searchTerms(['Trail Running Shoes', 'حذاء جري', 'Running shoes 42', 'A TV'])).toEqual([
      'trail',
      'running',
      'shoes',
      'حذاء',
      'جري',
    ]);
    expect(searchTerms(['one two three four'], 2)).toEqual(['one', 'two']);
  });

  describe('against a server', () => {
    let server;
    let base;
    const seen = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        seen.push(req.url);
        if (req.url === '/cached') res.setHeader('X-Cache', 'HIT');
        res.statusCode = req.url === '/missing' ? 404 : 200;
        setTimeout(() => res.end('ok'), req.url.startsWith('/slow') ? 30 : 1);
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${server.address().port}`;
    });
    afterAll(() => new Promise((r) => server.close(r)));

    it('asks each URL once and reports per type; a cached or failed answer counts as a failure', async () => {
      const rows = await measureUnseen(
        base,
        [
          { type: 'product', path: '/slow/a' },
          { type: 'product', path: '/b' },
          { type: 'home', path: '/cached' },
          { type: 'home', path: '/missing' },
        ],
        { warmup: 1 },
      );
      expect(seen).toEqual(['/about', '/slow/a', '/b', '/cached', '/missing']);
      expect(rows.map((r) => [r.type, r.pages, r.failures])).toEqual([
        ['product', 2, 0],
        ['home', 2, 2],
      ]);
      const product = rows[0];
      expect(product.maxMs).toBeGreaterThanOrEqual(30);
      expect(product.p50Ms).toBeLessThan(30);
    });
  });
});

import { expect, test } from 'vitest';
import { figureLines, sumFigures } from './e2e-figures.mjs';

test('sums figures over tests: CSP documents and distinct pages, faults, data lost, xss payloads', () => {
  const sums = sumFigures([
    [
      { type: 'figure:csp', description: JSON.stringify({ documents: 3, paths: ['/en', '/en/cart'] }) },
      { type: 'figure:csp-violations', description: '0' },
      { type: 'figure:faults-injected', description: '2' },
      { type: 'figure:data-lost', description: '0' },
      { type: 'figure:data-checks', description: '4' },
      { type: 'issue', description: 'not a figure' },
    ],
    [
      { type: 'figure:csp', description: JSON.stringify({ documents: 2, paths: ['/en', '/'] }) },
      { type: 'figure:csp-violations', description: '1' },
      { type: 'figure:faults-injected', description: '1' },
      { type: 'figure:faults-recovered', description: '3' },
      { type: 'figure:data-lost', description: '1' },
      { type: 'figure:xss-payloads', description: '12' },
      { type: 'figure:xss-pages', description: '4' },
    ],
  ]);
  expect(figureLines(sums)).toEqual([
    "CSP: 5 documents on 3 pages checked for the policy (nonce, no 'unsafe-inline' scripts, frame-ancestors 'self', base-uri 'none', object-src 'none'); 1 violations reported",
    'faults: 3 backend stops injected, 3 recovered with a retry; data lost: 1 (in 4 checks of what must survive)',
    'xss: 12 stored payloads shown and found inert on 4 pages',
  ]);
});

test('prints nothing when no test recorded a figure', () => {
  expect(figureLines(sumFigures([[], [{ type: 'skip', description: 'why' }]]))).toEqual([]);
});

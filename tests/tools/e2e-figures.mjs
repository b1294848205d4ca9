// Playwright reporter: the figures the browser suites keep (issue 15), summed over a run and printed
// at its end, after the list of tests. Tests record them as annotations `figure:<name>`
// (tests/e2e/fixtures.ts: recordFigure, and the automatic CSP header check of every test):
//
//   csp                    {"documents": n, "paths": [...]} documents of the storefront whose policy was checked
//   csp-violations         violations the pages reported (each one fails its test)
//   faults-injected        backend stops (faults.spec.ts); faults-recovered: retries that succeeded after
//   data-checks            checks of what must survive an outage; data-lost: those that found something
//                          missing or doubled (typed values, cart lines, coupons, addresses, orders, payments)
//   xss-payloads           stored payloads a page showed and that stayed inert (xss.spec.ts); xss-pages: those pages
//
// It prints nothing when no test recorded a figure. Workers report through annotations, so the
// totals hold with any number of workers.

/** Sums a run's figures from test results' annotations (exported for its test). */
export function sumFigures(results) {
  const sums = new Map();
  const paths = new Set();
  for (const annotations of results) {
    for (const { type, description } of annotations) {
      if (!type.startsWith('figure:')) continue;
      const name = type.slice('figure:'.length);
      if (name === 'csp') {
        const { documents, paths: seen } = JSON.parse(description ?? '{}');
        sums.set('csp-documents', (sums.get('csp-documents') ?? 0) + (documents ?? 0));
        for (const p of seen ?? []) paths.add(p);
      } else {
        sums.set(name, (sums.get(name) ?? 0) + Number(description ?? 0));
      }
    }
  }
  if (sums.has('csp-documents')) sums.set('csp-pages', paths.size);
  return sums;
}

/** The lines printed for the sums. */
export function figureLines(sums) {
  const lines = [];
  const take = (name) => {
    const v = sums.get(name) ?? 0;
    sums.delete(name);
    return v;
  };
  if (sums.has('csp-documents')) {
    lines.push(
      `CSP: ${take('csp-documents')} documents on ${take('csp-pages')} pages checked for the policy ` +
        `(nonce, no 'unsafe-inline' scripts, frame-ancestors 'self', base-uri 'none', object-src 'none'); ` +
        `${take('csp-violations')} violations reported`,
    );
  }
  if (sums.has('faults-injected')) {
    lines.push(
      `faults: ${take('faults-injected')} backend stops injected, ${take('faults-recovered')} recovered with a retry; ` +
        `data lost: ${take('data-lost')} (in ${take('data-checks')} checks of what must survive)`,
    );
  }
  if (sums.has('xss-payloads')) {
    lines.push(`xss: ${take('xss-payloads')} stored payloads shown and found inert on ${take('xss-pages')} pages`);
  }
  sums.delete('csp-violations');
  for (const [name, value] of sums) lines.push(`${name}: ${value}`);
  return lines;
}

export default class FiguresReporter {
  results = [];

  printsToStdio() {
    return false;
  }

  onTestEnd(test, result) {
    // runtime annotations are the result's (Playwright ≥ 1.52); older versions copied them to the test
    this.results.push(result.annotations ?? test.annotations);
  }

  onEnd() {
    const lines = figureLines(sumFigures(this.results));
    if (lines.length) console.log(`\n${lines.map((l) => `[figures] ${l}`).join('\n')}`);
  }
}

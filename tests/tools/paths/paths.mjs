#!/usr/bin/env node
// `npm run paths -- <machine> [--json]`: a machine's test paths for QA, generated from the real
// machine by the same xstate/graph walk its path tests replay (see ./README.md).
// Plain Node cannot load the TypeScript machines (extension-less imports), and neither tsx nor
// vite-node is installed: Vite's own module runner (`runnerImport`, the one vitest builds on) loads them.
import { runnerImport } from 'vite';

const MACHINES = {
  checkout: { module: new URL('./checkout.qa-paths.ts', import.meta.url).pathname, build: 'checkoutQaPaths' },
};

const root = new URL('../../..', import.meta.url).pathname;

/** Loads a machine's QA paths: [{ machine, start, kind, name, steps: [{ description, event }], final }]. */
export async function loadPaths(machine) {
  const entry = MACHINES[machine];
  if (!entry) throw new Error(`Unknown machine "${machine}". Known: ${Object.keys(MACHINES).join(', ')}`);
  const { module } = await runnerImport(entry.module, { root, configFile: false, logLevel: 'silent' });
  return module[entry.build]();
}

/** `success (order PaymentAuthorized+address+shipping, placedOrderCode ORD1)`; nulls and zeros left out. */
export function describeFinal(final) {
  const { state, error, ...context } = final;
  const facts = Object.entries(context)
    .filter(([, v]) => v !== null && v !== 0)
    .map(([k, v]) => `${k} ${v}`);
  return `${state}${error ? ` [${error}]` : ''}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}

/** One line a path: name | steps | expected final state | the test that runs it. */
export function formatText(machine, paths) {
  const seen = new Map();
  const lines = paths.map((p) => {
    // A model path is named as its test is (up to the steps); simple paths to one outcome are numbered.
    const outcome = p.kind === 'simple' ? `to ${p.final.state}${p.final.error ? ` ${p.final.error}` : ''}` : p.name.split(': ')[0];
    const key = `${p.start} ${outcome}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const name = p.kind === 'simple' ? `${key} #${n}` : key;
    const steps = p.steps.map((s) => s.description).join(' → ') || '(start)';
    return `${name} | ${steps} | ⇒ ${describeFinal(p.final)}${p.test ? ` | runs in ${p.test}` : ''}`;
  });
  const starts = [...new Set(paths.map((p) => p.start))].map((s) => `${s} ${paths.filter((p) => p.start === s).length}`);
  const success = paths.filter((p) => p.final.state === 'success').length;
  const unit = paths.filter((p) => p.test?.startsWith('unit:')).length;
  return [
    `# ${machine}: ${paths.length} paths (${starts.join(', ')}), ${success} end in success; ${unit} run in the unit model test`,
    '# name | steps (done:/error: = a service answers or fails; after: = a delay passes) | ⇒ expected final state | runs in <test>',
    ...lines,
  ].join('\n');
}

async function main(argv) {
  const json = argv.includes('--json');
  const names = argv.filter((a) => !a.startsWith('--'));
  if (names.length !== 1) {
    console.error(`Usage: npm run paths -- <machine> [--json]   (machines: ${Object.keys(MACHINES).join(', ')})`);
    return 2;
  }
  const [machine] = names;
  let paths;
  try {
    paths = await loadPaths(machine);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  process.stdout.write(`${json ? JSON.stringify({ machine, paths }, null, 2) : formatText(machine, paths)}\n`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run paths -- checkout | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error) => process.exit(error.code === 'EPIPE' ? 0 : 1));
  process.exitCode = await main(process.argv.slice(2));
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findInspectorLeaks } from './check-no-inspector.mjs';

let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function build(files) {
  dir = mkdtempSync(join(tmpdir(), 'no-inspector-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('check-no-inspector', () => {
  it('passes a build without the inspector', () => {
    const root = build({
      '_app/entry.js': 'import{createActor as e}from"./xstate.js";e(m,{inspect:void 0}).start()',
      'index.html': '<p>inspect</p>',
    });
    expect(findInspectorLeaks([root])).toEqual([]);
  });

  it('names every file that carries @statelyai/inspect, elkjs or the panel', () => {
    const root = build({
      '_app/a.js': 'const i=createBrowserInspector({url:"https://stately.ai"})',
      '_app/nested/b.js': 'import ELK from"elkjs/lib/elk.bundled.js"',
      '_app/c.js': 'host.dataset.xsid="xstate-dev-inspector"',
      'assets/d.css': '.x{content:"elkjs"}',
    });
    const leaks = findInspectorLeaks([root]).map((l) => [l.file.slice(root.length + 1), l.marker]);
    expect(leaks).toEqual([
      ['_app/a.js', 'createBrowserInspector'],
      ['_app/c.js', 'xstate-dev-inspector'],
      ['_app/nested/b.js', 'elkjs'],
      ['_app/nested/b.js', 'elk.bundled'],
    ]);
  });
});

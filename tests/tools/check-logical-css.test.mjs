import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkCss, checkDeclaration, checkScript } from './check-logical-css.mjs';

const fixtures = new URL('./fixtures/logical-css/', import.meta.url).pathname;
const script = new URL('./check-logical-css.mjs', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'logical-css-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Copies a fixture dir to a temp dir, giving `*.tsx.fixture` its real extension (kept out of tsc/eslint). */
function fixtureDir(name) {
  const dir = join(tmp, name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.fixture')) renameSync(join(dir, f), join(dir, f.replace(/\.fixture$/, '')));
  return dir;
}

describe('check-logical-css CLI', () => {
  test('reports every physical direction of the bad fixtures as file:line and exits 1', () => {
    const dir = fixtureDir('bad');
    const r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    const found = lines.filter((l) => /:\d+: /.test(l)).map((l) => l.replace(/^[^:]*\//, '')); // file name, line, message
    expect(found).toEqual([
      'inline.tsx:7: inline style margin-left -> use margin-inline-start',
      'inline.tsx:8: inline style text-align: right -> use text-align: end',
      'inline.tsx:16: inline style padding-right -> use padding-inline-end',
      'inline.tsx:17: inline style left -> use inset-inline-start',
      'physical.css:3: margin-left -> use margin-inline-start',
      'physical.css:4: padding-right -> use padding-inline-end',
      'physical.css:5: text-align: left -> use text-align: start',
      'physical.css:7: right -> use inset-inline-end',
      'physical.css:9: border-left -> use border-inline-start',
      'physical.css:10: border-top-right-radius -> use border-start-end-radius',
      'physical.css:11: float: right -> use float: inline-end',
      'physical.css:12: clear: left -> use clear: inline-start',
      expect.stringMatching(/^physical\.css:14: margin: 0 4px 0 8px/),
      expect.stringMatching(/^physical\.css:14: border-radius: 4px 0 0 4px/),
      'physical.css:14: justify-content: right -> use justify-content: end',
    ]);
    expect(lines.at(-1)).toBe('logical CSS: 15 physical direction(s) in 2 file(s)');
  });

  test('passes the good fixtures (logical properties, comments, custom properties, allow comment)', () => {
    const r = spawnSync(process.execPath, [script, fixtureDir('good')], { encoding: 'utf8' });
    expect(r.stdout).toContain('2 files checked, no physical directions');
    expect(r.status).toBe(0);
  });
});

describe('checkDeclaration', () => {
  test.each([
    ['margin-right', '0', 'margin-inline-end'],
    ['left', '0', 'inset-inline-start'],
    ['border-bottom-left-radius', '2px', 'border-end-start-radius'],
    ['text-align', 'right !important', 'text-align: end'],
    ['padding', '1px 2px 3px 4px', 'padding-inline'],
    ['border-radius', '1px 2px', 'border-start-start-radius'],
    ['border-radius', '1px 2px 3px', 'border-start-start-radius'],
  ])('%s: %s is physical', (prop, value, fix) => {
    expect(checkDeclaration(prop, value)).toContain(fix);
  });

  test.each([
    ['margin-inline-start', '4px'],
    ['padding', '1px 2px 3px 2px'],
    ['padding', 'calc(1px + 2px) 0'],
    ['border-radius', '4px 4px 0 0'],
    ['border-radius', '3px 3px'],
    ['text-align', 'center'],
    ['--inset-left', '0'],
    ['inset', '0'],
  ])('%s: %s is direction-neutral', (prop, value) => {
    expect(checkDeclaration(prop, value)).toBeNull();
  });
});

test('a selector with a pseudo-class or a media query is not a declaration', () => {
  expect(checkCss('a:left { color: red }\n@media (min-width: 1px) { .x { color: red } }')).toEqual([]);
  expect(checkCss('.x{left:0}')).toEqual([{ line: 1, message: 'left -> use inset-inline-start' }]);
});

test('inline styles: literal values are judged, variables only by property name', () => {
  expect(checkScript('<a style={{ float: "left", marginRight: gap }} />').map((f) => f.message)).toEqual([
    'inline style float: left -> use float: inline-start',
    'inline style margin-right -> use margin-inline-end',
  ]);
  expect(checkScript('<a style={{ textAlign: align }} />')).toEqual([]);
  expect(checkScript('const tree = { left: 1, right: 2 };')).toEqual([]);
});

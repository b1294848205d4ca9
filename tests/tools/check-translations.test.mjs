import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkCatalogs, latinDigitsOutsidePlaceholders, parsePo, placeholders, readCatalogs } from './check-translations.mjs';

const fixtures = new URL('./fixtures/translations/', import.meta.url).pathname;
const script = new URL('./check-translations.mjs', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'check-translations-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (args, cwd) => spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });

/** A copy of a fixture project; the source fixture gets its real name (kept out of lint/typecheck). */
function project(name) {
  const dir = join(tmp, `${name}-${Math.random().toString(36).slice(2)}`);
  cpSync(join(fixtures, name), dir, { recursive: true });
  if (name === 'good') renameSync(join(dir, 'src/greeting.js.fixture'), join(dir, 'src/greeting.js'));
  return dir;
}

describe('parsePo', () => {
  test('reads contexts, multi-line strings, escapes and obsolete entries', () => {
    const entries = parsePo(
      'msgid ""\nmsgstr "h"\n\n#. c\nmsgctxt "x"\nmsgid "a \\"b\\""\nmsgstr ""\n"one\\n"\n"two"\n\n#~ msgid "old"\n#~ msgstr ""\n',
    );
    expect(entries.map(({ msgctxt, msgid, msgstr, obsolete }) => ({ msgctxt, msgid, msgstr, obsolete }))).toEqual([
      { msgctxt: undefined, msgid: '', msgstr: ['h'], obsolete: false },
      { msgctxt: 'x', msgid: 'a "b"', msgstr: ['one\ntwo'], obsolete: false },
      { msgctxt: undefined, msgid: 'old', msgstr: [''], obsolete: true },
    ]);
  });

  test('rejects a line it does not understand, with file and line', () => {
    expect(() => parsePo('msgid "a"\nmsgstr "b"\nnonsense', 'x.po')).toThrow('x.po:3');
  });
});

test('placeholders: arguments and tags, not plural branch text', () => {
  expect(placeholders('{count, plural, one {# item} other {# items}} in <0>{name}</0>')).toEqual(['<0>', '{count}', '{name}']);
});

test('complete catalogs pass the structural checks', () => {
  expect(checkCatalogs(readCatalogs(join(fixtures, 'good/locales')))).toEqual([]);
});

test('incomplete catalogs: each problem is reported with file and line', () => {
  const f = 'tests/tools/fixtures/translations/bad/locales';
  expect(checkCatalogs(readCatalogs(join(fixtures, 'bad/locales'))).sort()).toEqual(
    [
      `${f}/ar/messages.po:5: ar translation of "Hello {name}" has placeholders [{user}], the message has [{name}]`,
      `${f}/ar/messages.po:8: no ar translation for "Read <0>the terms</0>"`,
      `${f}/ar/messages.po:11: "Only in Arabic" is not in ${f}/en/messages.po`,
      `${f}/en/messages.po:8: "Only in English" is not in ${f}/ar/messages.po`,
    ].sort(),
  );
});

test('an Arabic translation with a Latin-digit number fails (decision 015); placeholders and Latin phrases do not', () => {
  expect(latinDigitsOutsidePlaceholders('8 أحرف على الأقل')).toBe(true);
  expect(latinDigitsOutsidePlaceholders('٨ أحرف على الأقل')).toBe(false);
  expect(latinDigitsOutsidePlaceholders('{0} من {1} نجوم، <0>{count, plural, =1 {نجمة} other {# نجوم}}</0>')).toBe(false);
  expect(latinDigitsOutsidePlaceholders('استخدم الرمز WELCOME10')).toBe(false);
  expect(latinDigitsOutsidePlaceholders('الرمز مكوّن من ٦ أرقام، مثل 123456.')).toBe(false);
  const catalogs = readCatalogs(join(fixtures, 'good/locales'));
  const entry = catalogs.ar.entries.find((e) => e.msgid === 'Open');
  entry.msgstr = ['افتح 2 باب'];
  const problems = checkCatalogs(catalogs);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    new RegExp(`^${catalogs.ar.file}:${entry.line}: ar translation of ".*Open.*" writes a number in Latin digits`),
  );
});

test('a required locale without a catalog fails', () => {
  const { ar } = readCatalogs(join(fixtures, 'good/locales'));
  expect(checkCatalogs({ ar })).toEqual(['locales/en/messages.po: missing catalog for required locale "en"']);
});

describe('CLI with the source comparison (Lingui extractor)', () => {
  test('passes when the catalogs hold every source message', () => {
    const r = run([], project('good'));
    expect(r.stdout).toContain('translations: complete (messages: ar 2, en 2)');
    expect(r.status).toBe(0);
  });

  test('fails when the source has a message the catalogs lack', () => {
    const dir = project('good');
    writeFileSync(join(dir, 'src/more.js'), "import { msg } from '@lingui/core/macro';\nexport const m = msg`Brand new`;\n");
    const r = run([], dir);
    expect(r.stdout).toContain('"Brand new" (src/more.js) is not in locales/ar/messages.po, locales/en/messages.po');
    expect(r.status).toBe(1);
  });

  test('reports catalog messages the source no longer uses', () => {
    const dir = project('good');
    writeFileSync(join(dir, 'src/greeting.js'), "import { msg } from '@lingui/core/macro';\nexport const hello = msg`Hello {name}`;\n");
    const r = run([], dir);
    expect(r.stdout).toContain('note: locales/ar/messages.po: 1 message(s) no longer used');
    expect(r.status).toBe(0);
  });

  test('--no-extract on incomplete catalogs exits 1 with a count', () => {
    const r = run(['--no-extract'], project('bad'));
    expect(r.stdout).toMatch(/translations: 4 problem\(s\)/);
    expect(r.status).toBe(1);
  });
});

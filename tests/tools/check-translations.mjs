#!/usr/bin/env node
// Fails when the Lingui catalogs are incomplete, so a missing translation breaks the build, not the page.
//
//   node tests/tools/check-translations.mjs [--dir locales] [--no-extract]
//
// 1. Every locales/<locale>/messages.po (ar and en at least) parses, has the same message ids as the
//    others, and has a non-empty msgstr for every message (plural forms included).
// 2. Each translation keeps the message's placeholders ({name}) and tags (<0>...</0>).
// 3. Unless --no-extract: extracts the messages of the source (as `lingui extract` would, in memory,
//    nothing is written) and fails when the source has messages the catalogs lack; catalog entries
//    the source no longer uses are reported as a note (`npm run i18n:extract` cleans them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED_LOCALES = ['ar', 'en'];

function unquote(s, file, line) {
  const m = /^"((?:[^"\\]|\\.)*)"\s*$/.exec(s.trim());
  if (!m) throw new Error(`${file}:${line}: cannot parse string ${s.trim()}`);
  return m[1].replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}

/** Parses a gettext .po file: [{ msgctxt, msgid, msgidPlural, msgstr: string[], line, obsolete }]. */
export function parsePo(text, file = 'messages.po') {
  const entries = [];
  let cur = null;
  let field = null;
  const flush = () => {
    if (cur && cur.msgid !== undefined) entries.push(cur);
    cur = null;
    field = null;
  };
  text.split('\n').forEach((raw, i) => {
    const lineNo = i + 1;
    let line = raw.trim();
    let obsolete = false;
    if (line.startsWith('#~')) {
      obsolete = true;
      line = line.slice(2).trim();
    } else if (line.startsWith('#')) {
      if (cur && cur.msgid !== undefined) flush();
      return;
    }
    if (!line) {
      flush();
      return;
    }
    const kw = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (kw) {
      if ((kw[1] === 'msgid' || kw[1] === 'msgctxt') && cur && cur.msgid !== undefined) flush();
      cur ??= { msgctxt: undefined, msgid: undefined, msgidPlural: undefined, msgstr: [], line: lineNo, obsolete };
      const value = unquote(kw[3], file, lineNo);
      if (kw[1] === 'msgctxt') field = ['msgctxt'];
      else if (kw[1] === 'msgid') field = ['msgid'];
      else if (kw[1] === 'msgid_plural') field = ['msgidPlural'];
      else field = ['msgstr', Number(kw[2] ?? 0)];
      if (field[0] === 'msgstr') cur.msgstr[field[1]] = value;
      else cur[field[0]] = value;
      if (field[0] === 'msgid') cur.line = lineNo;
    } else if (line.startsWith('"') && cur && field) {
      const value = unquote(line, file, lineNo);
      if (field[0] === 'msgstr') cur.msgstr[field[1]] += value;
      else cur[field[0]] += value;
    } else {
      throw new Error(`${file}:${lineNo}: unexpected line: ${raw}`);
    }
  });
  flush();
  return entries;
}

const keyOf = (e) => (e.msgctxt ? `${e.msgctxt}\u0004${e.msgid}` : e.msgid);
const show = (key) => JSON.stringify(key.replace('\u0004', ' | context: '));

/** Top-level ICU argument names and numbered tags of a message; plural branch text is ignored. */
export function placeholders(message) {
  const names = new Set();
  for (const m of message.matchAll(/\{\s*([A-Za-z_$][\w$]*|\d+)\s*(?=[,}])/g)) names.add(`{${m[1]}}`);
  for (const m of message.matchAll(/<\/?(\d+)\s*\/?>/g)) names.add(`<${m[1]}>`);
  return [...names].sort();
}

/**
 * Decision 015: Arabic translations write numbers with Arabic-Indic digits. Placeholders (`{0}`,
 * `{count, plural, =1 {…}}`, `<0>`), Latin phrases (a coupon code, "Apple Pay") and runs of six or
 * more digits (an example code the shopper types, "123456": identifiers stay Latin) are not numbers.
 */
export function latinDigitsOutsidePlaceholders(message) {
  const text = message
    .replace(/\{\s*[\w$]+\s*(?=[,}])/g, '{')
    .replace(/<\/?\d+\s*\/?>/g, '')
    .replace(/=\d+/g, '')
    .replace(/[A-Za-z0-9%.,:/+\-–&'’ ]*[A-Za-z][A-Za-z0-9%.,:/+\-–&'’ ]*/g, ' ')
    .replace(/[0-9]{6,}/g, '');
  return /[0-9]/.test(text);
}

/** Checks parsed catalogs: { [locale]: { file, entries } } -> list of problem strings. */
export function checkCatalogs(catalogs) {
  const problems = [];
  const locales = Object.keys(catalogs);
  for (const required of REQUIRED_LOCALES) {
    if (!catalogs[required]) problems.push(`locales/${required}/messages.po: missing catalog for required locale "${required}"`);
  }
  const active = {};
  for (const [locale, { file, entries }] of Object.entries(catalogs)) {
    active[locale] = new Map();
    for (const e of entries) {
      if (e.obsolete || e.msgid === '') continue; // header or obsolete
      const key = keyOf(e);
      if (active[locale].has(key)) problems.push(`${file}:${e.line}: duplicate message ${show(key)}`);
      active[locale].set(key, e);
      const forms = e.msgidPlural !== undefined ? Math.max(e.msgstr.length, 2) : 1;
      for (let i = 0; i < forms; i++) {
        if (!e.msgstr[i] || !e.msgstr[i].trim()) {
          problems.push(`${file}:${e.line}: no ${locale} translation for ${show(key)}${forms > 1 ? ` (msgstr[${i}])` : ''}`);
          break;
        }
      }
      if (locale === 'ar') {
        for (const str of e.msgstr.filter(Boolean)) {
          if (latinDigitsOutsidePlaceholders(str)) {
            problems.push(`${file}:${e.line}: ar translation of ${show(key)} writes a number in Latin digits (decision 015: ٠-٩)`);
          }
        }
      }
      const expected = placeholders(e.msgid).join(' ');
      for (const str of e.msgstr.filter(Boolean)) {
        const got = placeholders(str).join(' ');
        if (got !== expected) {
          problems.push(
            `${file}:${e.line}: ${locale} translation of ${show(key)} has placeholders [${got}], the message has [${expected}]`,
          );
        }
      }
    }
  }
  // every catalog holds the same ids
  const all = new Set(locales.flatMap((l) => [...active[l].keys()]));
  for (const key of all) {
    const lacking = locales.filter((l) => !active[l].has(key));
    if (lacking.length) {
      const has = locales.find((l) => active[l].has(key));
      problems.push(
        `${catalogs[has].file}:${active[has].get(key).line}: ${show(key)} is not in ${lacking.map((l) => catalogs[l].file).join(', ')}`,
      );
    }
  }
  return problems;
}

export function readCatalogs(dir) {
  const catalogs = {};
  if (!existsSync(dir)) return catalogs;
  for (const locale of readdirSync(dir)) {
    const file = join(dir, locale, 'messages.po');
    if (!existsSync(file)) continue;
    const rel = relative(process.cwd(), file);
    catalogs[locale] = { file: rel, entries: parsePo(readFileSync(file, 'utf8'), rel) };
  }
  return catalogs;
}

/** Messages in the source that the catalogs lack, via Lingui's own extractor (nothing written). */
async function compareWithSource() {
  const { getConfig } = await import('@lingui/conf');
  const { getCatalogs } = await import('@lingui/cli/api');
  const config = getConfig({ skipValidation: false });
  const problems = [];
  const notes = [];
  for (const catalog of await getCatalogs(config)) {
    const collected = await catalog.collect();
    if (!collected) {
      problems.push('lingui: extracting messages from the source failed (see the errors above)');
      continue;
    }
    const existing = await catalog.readAll();
    const lacking = new Map(); // id -> files without it
    for (const locale of config.locales) {
      const have = existing[locale] ?? {};
      const file = relative(process.cwd(), catalog.getFilename(locale));
      for (const id of Object.keys(collected)) {
        if (!have[id] || have[id].obsolete) lacking.set(id, [...(lacking.get(id) ?? []), file]);
      }
      const unused = Object.entries(have).filter(([id, m]) => !collected[id] && !m.obsolete).length;
      if (unused) notes.push(`${file}: ${unused} message(s) no longer used in the source (npm run i18n:extract removes them)`);
    }
    for (const [id, files] of lacking) {
      const m = collected[id];
      const origin = m.origin?.[0]?.[0];
      problems.push(`${JSON.stringify(m.message ?? id)}${origin ? ` (${origin})` : ''} is not in ${files.join(', ')}`);
    }
    if (lacking.size)
      problems.push(`${lacking.size} source message(s) missing from the catalogs: run npm run i18n:extract, then translate`);
  }
  return { problems, notes };
}

async function main() {
  const args = process.argv.slice(2);
  const dirIdx = args.indexOf('--dir');
  const dir = dirIdx >= 0 ? args[dirIdx + 1] : 'locales';
  const catalogs = readCatalogs(dir);
  const problems = checkCatalogs(catalogs);
  const counts = Object.entries(catalogs).map(([l, c]) => `${l} ${c.entries.filter((e) => !e.obsolete && e.msgid !== '').length}`);
  let notes = [];
  if (!args.includes('--no-extract')) {
    if (existsSync('lingui.config.ts') || existsSync('lingui.config.js')) {
      const r = await compareWithSource();
      problems.push(...r.problems);
      notes = r.notes;
    } else {
      problems.push('no lingui.config.ts: cannot compare the catalogs with the source');
    }
  }
  for (const p of problems) console.log(p);
  for (const n of notes) console.log(`note: ${n}`);
  if (problems.length) {
    console.log(`translations: ${problems.length} problem(s) (messages: ${counts.join(', ') || 'none'})`);
    process.exitCode = 1; // not exit(): it can cut off piped output
    return;
  }
  console.log(`translations: complete (messages: ${counts.join(', ')})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

#!/usr/bin/env node
// Fails when storefront styles use physical directions, which break the Arabic (RTL) layout.
// Checks src/**/*.css and inline style objects in src/**/*.{ts,tsx,js,jsx,mjs} (`style={{...}}` and
// objects typed `CSSProperties`). Prints `file:line: what -> use instead`; exit 1 on any finding.
//
//   node tests/tools/check-logical-css.mjs [DIR_OR_FILE...]      (default: src)
//
// A deliberate physical declaration (e.g. an icon that must not mirror) can carry a comment with a
// reason on the same or the previous line: `/* logical-css-allow: arrow art is not text */`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROPERTY_FIX = {
  'margin-left': 'margin-inline-start',
  'margin-right': 'margin-inline-end',
  'padding-left': 'padding-inline-start',
  'padding-right': 'padding-inline-end',
  left: 'inset-inline-start',
  right: 'inset-inline-end',
  'border-left': 'border-inline-start',
  'border-right': 'border-inline-end',
  'border-left-width': 'border-inline-start-width',
  'border-right-width': 'border-inline-end-width',
  'border-left-style': 'border-inline-start-style',
  'border-right-style': 'border-inline-end-style',
  'border-left-color': 'border-inline-start-color',
  'border-right-color': 'border-inline-end-color',
  'border-top-left-radius': 'border-start-start-radius',
  'border-top-right-radius': 'border-start-end-radius',
  'border-bottom-left-radius': 'border-end-start-radius',
  'border-bottom-right-radius': 'border-end-end-radius',
  'scroll-margin-left': 'scroll-margin-inline-start',
  'scroll-margin-right': 'scroll-margin-inline-end',
  'scroll-padding-left': 'scroll-padding-inline-start',
  'scroll-padding-right': 'scroll-padding-inline-end',
};
// properties whose keyword values left/right are physical
const VALUE_FIX = {
  'text-align': { left: 'start', right: 'end' },
  float: { left: 'inline-start', right: 'inline-end' },
  clear: { left: 'inline-start', right: 'inline-end' },
  'justify-content': { left: 'start', right: 'end' },
  'justify-items': { left: 'start', right: 'end' },
  'justify-self': { left: 'start', right: 'end' },
};
// box shorthands (top right bottom left): physical when the right and left values differ
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);
const ALLOW = /logical-css-allow:\s*\S/;

const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Splits a CSS value on top-level whitespace (keeps `calc(1px + 2px)` whole). */
function splitValue(value) {
  const parts = [];
  let depth = 0;
  let cur = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (cur) parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) parts.push(cur);
  return parts;
}

/** The finding for one declaration, or null when it is direction-neutral. */
export function checkDeclaration(prop, rawValue) {
  const p = prop.toLowerCase();
  const value = rawValue.replace(/!important/i, '').trim();
  if (p.startsWith('--')) return null;
  if (PROPERTY_FIX[p]) return `${p} -> use ${PROPERTY_FIX[p]}`;
  const kw = value.toLowerCase();
  if (VALUE_FIX[p] && VALUE_FIX[p][kw]) return `${p}: ${kw} -> use ${p}: ${VALUE_FIX[p][kw]}`;
  if (BOX_SHORTHANDS.has(p)) {
    const parts = splitValue(value);
    if (parts.length === 4 && parts[1] !== parts[3]) {
      return `${p}: ${value} sets different right and left values -> use ${p}-block / ${p}-inline(-start/-end)`;
    }
  }
  if (p === 'border-radius') {
    const first = value.split('/')[0];
    const c = splitValue(first);
    // mirrored corners must be equal: top-left = top-right and bottom-left = bottom-right
    const [tl, tr, br, bl] = c.length === 2 ? [c[0], c[1], c[0], c[1]] : c.length === 3 ? [c[0], c[1], c[2], c[1]] : c;
    if (c.length >= 2 && (tl !== tr || br !== bl)) {
      return `border-radius: ${value} differs between left and right corners -> use border-start-start-radius etc.`;
    }
  }
  return null;
}

const lineAt = (text, index) => text.slice(0, index).split('\n').length;
const allowed = (lines, line) => ALLOW.test(lines[line - 1] ?? '') || ALLOW.test(lines[line - 2] ?? '');

/** Findings in a stylesheet: [{ line, message }]. */
export function checkCss(text) {
  const lines = text.split('\n');
  // blank out comments but keep offsets (and so line numbers)
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
  const findings = [];
  const decl = /(?:^|[{;\s])(-?-?[a-zA-Z][\w-]*)\s*:\s*([^;{}]*)(?=[;}]|$)/g;
  let m;
  while ((m = decl.exec(code))) {
    const msg = checkDeclaration(m[1], m[2]);
    if (!msg) continue;
    const line = lineAt(code, m.index + m[0].indexOf(m[1]));
    if (!allowed(lines, line)) findings.push({ line, message: msg });
  }
  return findings;
}

/** The text of each `{...}` starting at `open` (index of the brace), balanced. */
function balanced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Findings in inline style objects of a script/JSX file: [{ line, message }]. */
export function checkScript(text) {
  const lines = text.split('\n');
  const findings = [];
  const starts = /style=\{\{|CSSProperties(?:\s*>)?\s*=\s*\{|\{(?=[^{}]*\}\s*(?:satisfies|as)\s+(?:React\.)?CSSProperties)/g;
  let s;
  while ((s = starts.exec(text))) {
    const open = s.index + s[0].lastIndexOf('{');
    const body = balanced(text, open);
    const prop = /(?:^|[{,\s])['"]?([a-zA-Z][\w-]*)['"]?\s*:\s*(['"`])([^'"`]*)\2|(?:^|[{,\s])['"]?([a-zA-Z][\w-]*)['"]?\s*:/g;
    let m;
    while ((m = prop.exec(body))) {
      const name = kebab(m[1] ?? m[4]);
      const value = m[3] ?? '';
      // a non-literal value can only be judged by its property name
      const msg = m[1] ? checkDeclaration(name, value) : PROPERTY_FIX[name] ? `${name} -> use ${PROPERTY_FIX[name]}` : null;
      if (!msg) continue;
      const line = lineAt(text, open + m.index + m[0].search(/[a-zA-Z'"]/));
      if (!allowed(lines, line)) findings.push({ line, message: `inline style ${msg}` });
    }
  }
  return findings;
}

function walk(p, out) {
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const e of readdirSync(p)) if (!['node_modules', 'build', 'dist', '.react-router'].includes(e)) walk(join(p, e), out);
  } else out.push(p);
  return out;
}

export function checkPaths(paths) {
  const findings = [];
  let checked = 0;
  for (const file of paths.flatMap((p) => walk(p, []))) {
    const isCss = /\.css$/.test(file);
    const isScript = /\.(tsx?|jsx?|mjs)$/.test(file) && !/\.d\.ts$/.test(file);
    if (!isCss && !isScript) continue;
    checked++;
    const text = readFileSync(file, 'utf8');
    for (const f of isCss ? checkCss(text) : checkScript(text)) findings.push({ file, ...f });
  }
  return { checked, findings };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const { checked, findings } = checkPaths(args.length ? args : ['src']);
  for (const f of findings) console.log(`${relative(process.cwd(), f.file)}:${f.line}: ${f.message}`);
  if (findings.length) {
    console.log(`logical CSS: ${findings.length} physical direction(s) in ${new Set(findings.map((f) => f.file)).size} file(s)`);
    process.exitCode = 1; // not exit(): it can cut off piped output
  } else {
    console.log(`logical CSS: ${checked} files checked, no physical directions`);
  }
}

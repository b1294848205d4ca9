// Serves the build's precompressed copies (src/server/precompress.mjs, decision 009): for a file
// with a `.br` / `.gz` beside it, a client that accepts brotli gets the `.br`, one that accepts
// only gzip the `.gz`, with the original's Content-Type and `Vary: Accept-Encoding`. Anything
// else (no copy, a client accepting neither, a path outside `dir`) goes to the next handler
// (express.static + on-the-fly compression).
import { readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** Accept-Encoding -> quality per coding (`*` included), RFC 9110 12.5.3. */
export function acceptedEncodings(header) {
  const accepted = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  return accepted;
}

/** The coding to send among `available` (brotli first: smaller), or null for the original. */
export function chooseEncoding(header, available) {
  const accepted = acceptedEncodings(header);
  const quality = (coding) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  for (const coding of ['br', 'gzip']) {
    if (available.has(coding) && quality(coding) > 0) return coding;
  }
  return null;
}

const SUFFIX = { br: '.br', gzip: '.gz' };

/**
 * Middleware for `dir` (mounted at the URL prefix that maps to it). `options` are
 * res.sendFile's (maxAge, immutable, ...). The list of copies is read once: the build does not
 * change while the server runs.
 */
export function precompressedStatic(dir, options = {}) {
  const copies = new Map(); // url path ("/x.js") -> Set of codings
  let files = [];
  try {
    files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  } catch {
    // no build yet: everything falls through
  }
  for (const entry of files) {
    const file = relative(dir, join(entry.parentPath, entry.name));
    const coding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : null;
    if (!coding) continue;
    const original = `/${file.slice(0, -SUFFIX[coding].length).split(sep).join('/')}`;
    if (!copies.has(original)) copies.set(original, new Set());
    copies.get(original).add(coding);
  }

  return function servePrecompressed(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Only exact names from the listing above: no path is ever built from the request.
    const available = copies.get(req.path);
    if (!available) return next();
    const coding = chooseEncoding(req.headers['accept-encoding'], available);
    res.vary('Accept-Encoding');
    if (!coding) return next();
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', coding);
    res.sendFile(`${req.path.slice(1)}${SUFFIX[coding]}`, { ...options, root: dir, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  };
}

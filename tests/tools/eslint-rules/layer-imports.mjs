// ESLint rule for the dependency rule (docs/architecture.md).
// Resolves every import (static, re-export, dynamic, require) against the importing file, finds the
// layer of both ends, and checks it against the layer table given as the rule's option. Plain
// `no-restricted-imports` patterns cannot tell `../services` seen from machines/ from the same text
// seen from machines/lib/, so relative paths are resolved here instead.
// A dynamic `import()` or `require()` whose path is built at run time (`../services/${name}`, or
// `'../services/' + name`) is checked by the folder its fixed start names. Code of a layer that is
// not a test file must not import from the test folders (`testOnly`).
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Option shape: { root?: string, layers: [{ name, files: RegExp-source (project-relative path),
 *   packages?: string[] (allowed bare specifiers; prefix match on package name), anyPackage?: boolean,
 *   layers?: string[] (layers it may import at runtime), typeOnlyLayers?: string[] }],
 *   mustBelong?: RegExp-source[] (a file under one of these paths that matches no layer is reported),
 *   testOnly?: RegExp-source[] (project-relative paths only test files may import, e.g. '^tests/'),
 *   testFiles?: RegExp-source (the test files of the layers: they may import from testOnly paths) }
 * The first layer whose `files` matches a path is that path's layer.
 */
const builtin = /^node:|^(fs|path|os|url|crypto|child_process|http|https|net|stream|util|events|zlib|assert)(\/|$)/;

function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer dependency rule (machines / services / views / server)' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      layer: '{{from}} must not import {{to}} ({{spec}}){{hint}}',
      pkg: '{{from}} must not import the package "{{pkg}}"; allowed: {{allowed}}',
      unlayered: '{{file}} belongs to no layer: add its folder to the layer table (eslint.config.js)',
      testCode: '{{from}} must not import test code ({{spec}}): only test files import from {{target}}',
    },
  },
  create(context) {
    const opts = context.options[0] ?? {};
    const root = opts.root ?? context.cwd ?? process.cwd();
    const layers = (opts.layers ?? []).map((l) => ({ ...l, re: new RegExp(l.files) }));
    const rel = (abs) => relative(root, abs).split(sep).join('/');
    const layerOf = (p) => layers.find((l) => l.re.test(p));

    const testOnly = (opts.testOnly ?? []).map((source) => new RegExp(source));
    const testFiles = opts.testFiles ? new RegExp(opts.testFiles) : null;

    const filename = context.physicalFilename ?? context.filename;
    const isTestFile = testFiles?.test(rel(filename)) ?? false;
    const from = layerOf(rel(filename));
    if (!from) {
      const file = rel(filename);
      // A file nobody placed would otherwise import anything: make the table name it.
      if ((opts.mustBelong ?? []).some((source) => new RegExp(source).test(file))) {
        return { Program: (node) => context.report({ node, messageId: 'unlayered', data: { file } }) };
      }
      return {};
    }

    /**
     * `partial`: `spec` is only the fixed start of a path completed at run time; the folder it
     * names is checked (a probe name stands for the rest), packages are not.
     */
    function check(node, spec, typeOnly, partial = false) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = rel(resolve(dirname(filename), partial ? `${spec}\0` : spec));
        if (!isTestFile && testOnly.some((re) => re.test(target))) {
          context.report({ node, messageId: 'testCode', data: { from: from.name, spec, target: target.replace('\0', '…') } });
          return;
        }
        const to = layerOf(target);
        if (!to || to.name === from.name) return;
        if ((from.layers ?? []).includes(to.name)) return;
        if (typeOnly && (from.typeOnlyLayers ?? []).includes(to.name)) return;
        const hint = (from.typeOnlyLayers ?? []).includes(to.name) ? ': only `import type` is allowed here' : '';
        context.report({ node, messageId: 'layer', data: { from: from.name, to: to.name, spec, hint } });
        return;
      }
      if (from.anyPackage || typeOnly || partial) return;
      const pkg = packageName(spec);
      const allowed = from.packages ?? [];
      if (allowed.includes(pkg) || allowed.includes(spec)) return;
      if (builtin.test(spec) && allowed.includes('node:')) return;
      context.report({ node, messageId: 'pkg', data: { from: from.name, pkg: spec, allowed: allowed.join(', ') || 'none' } });
    }

    // Only `import type` / `export type` vanish at runtime: under verbatimModuleSyntax,
    // `import { type A } from 'x'` still loads 'x'.
    const isType = (node) => node.importKind === 'type' || node.exportKind === 'type';

    /**
     * The path of a dynamic import or require: a string, a template without expressions, or the
     * fixed start of a template or a `+` concatenation (then `partial`).
     */
    function checkDynamic(node) {
      if (!node) return;
      if (node.type === 'Literal') return check(node, node.value, false);
      if (node.type === 'TemplateLiteral') {
        return check(node, node.quasis[0].value.cooked, false, node.expressions.length > 0);
      }
      if (node.type === 'BinaryExpression' && node.operator === '+') {
        let left = node.left;
        while (left.type === 'BinaryExpression' && left.operator === '+') left = left.left;
        if (left.type === 'Literal') return check(node, left.value, false, true);
        if (left.type === 'TemplateLiteral') return check(node, left.quasis[0].value.cooked, false, true);
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, isType(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, isType(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => checkDynamic(node.source),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node.moduleReference.expression, node.moduleReference.expression.value, node.importKind === 'type'),
      'CallExpression[callee.name="require"]': (node) => checkDynamic(node.arguments[0]),
    };
  },
};

import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';
import { partOfMessage, type CatalogPart } from './catalog-parts.ts';

/**
 * Parts of the message catalog (decision 009, src/i18n/catalog-parts.ts), built from the one .po
 * catalog per locale:
 * - `locales/<locale>/messages.po?catalog=<part>` compiles the messages of one part;
 * - `virtual:catalog-parts` exports `partOf` (message id -> part; server build only) and
 *   `loadPart(locale, part)`, a dynamic import per part (and `full`: the whole catalog, compiled by
 *   the Lingui plugin), so each part is a chunk of its own.
 */
export function catalogParts(): Plugin {
  const VIRTUAL = 'virtual:catalog-parts';
  const PART_QUERY = /[\\/]locales[\\/]([a-z]{2})[\\/]messages\.po\?catalog=([a-z]+)$/;
  let config: LinguiConfigNormalized;
  const messageParts = async (locale: string) => {
    const [catalog] = await getCatalogs(config);
    if (!catalog) throw new Error('catalogParts: no Lingui catalog configured');
    const entries = await catalog.read(locale);
    const parts = new Map<string, CatalogPart>();
    for (const [id, entry] of Object.entries(entries ?? {})) {
      if (entry.obsolete) continue;
      parts.set(id, partOfMessage((entry.origin ?? []).map(([file]) => file)));
    }
    return { catalog, parts };
  };
  return {
    name: 'storefront:catalog-parts',
    configResolved(resolved) {
      config = getConfig({ cwd: resolved.root });
    },
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    async load(id, options) {
      if (id !== `\0${VIRTUAL}`) return null;
      const { parts } = await messageParts(config.sourceLocale ?? 'en');
      const names = [...new Set(parts.values())].filter((part) => part !== 'rest');
      const file = (locale: string, part?: string) =>
        JSON.stringify(`${config.rootDir}/locales/${locale}/messages.po${part ? `?catalog=${part}` : ''}`);
      const branches = config.locales
        .map((locale) => {
          const cases = names.map((part) => `${JSON.stringify(part)}: () => import(${file(locale, part)})`);
          return `${JSON.stringify(locale)}: { ${[...cases, `full: () => import(${file(locale)})`].join(', ')} }`;
        })
        .join(',\n  ');
      const partOf = options?.ssr ? JSON.stringify(Object.fromEntries(parts)) : '{}';
      return `export const partOf = ${partOf};\nconst loaders = {\n  ${branches}\n};\nexport function loadPart(locale, part) {\n  const load = loaders[locale] && loaders[locale][part];\n  if (!load) return Promise.reject(new Error('No catalog part ' + part + ' for ' + locale));\n  return load();\n}\n`;
    },
    transform: {
      filter: { id: PART_QUERY },
      async handler(_code, id) {
        const match = PART_QUERY.exec(id);
        if (!match) return null;
        const [, locale = '', part = ''] = match;
        const { catalog, parts } = await messageParts(locale);
        this.addWatchFile(id.split('?')[0] ?? id);
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
          missingBehavior: 'resolved',
        });
        const subset = Object.fromEntries(Object.entries(messages).filter(([messageId]) => parts.get(messageId) === part));
        const { source, errors } = createCompiledCatalog(locale, subset, { namespace: 'es' });
        if (errors.length) throw new Error(`catalogParts: ${errors.length} message(s) of ${locale}/${part} do not compile`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
  };
}

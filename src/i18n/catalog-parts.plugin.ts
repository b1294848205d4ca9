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
  // Read once per build (and again after a .po file changes in development): every part of every
  // locale, and the virtual module, would otherwise parse the catalogs again.
  let parts: Promise<Map<string, CatalogPart>> | null = null;
  const translations = new Map<string, Promise<Record<string, string>>>();
  const forget = () => {
    parts = null;
    translations.clear();
  };
  const catalog = async () => {
    const [found] = await getCatalogs(config);
    if (!found) throw new Error('catalogParts: no Lingui catalog configured');
    return found;
  };
  /** Message id -> part, from where the source locale's catalog says each message is used. */
  const messageParts = () =>
    (parts ??= (async () => {
      const entries = await (await catalog()).read(config.sourceLocale ?? 'en');
      const map = new Map<string, CatalogPart>();
      for (const [id, entry] of Object.entries(entries ?? {})) {
        if (entry.obsolete) continue;
        map.set(id, partOfMessage((entry.origin ?? []).map(([file]) => file)));
      }
      return map;
    })());
  const translationsOf = (locale: string) => {
    let loading = translations.get(locale);
    if (!loading) {
      loading = catalog()
        .then((found) =>
          found.getTranslations(locale, {
            fallbackLocales: config.fallbackLocales,
            sourceLocale: config.sourceLocale,
            missingBehavior: 'resolved',
          }),
        )
        .then(({ messages }) => messages);
      translations.set(locale, loading);
    }
    return loading;
  };
  return {
    name: 'storefront:catalog-parts',
    configResolved(resolved) {
      config = getConfig({ cwd: resolved.root });
    },
    buildStart: forget,
    watchChange(id) {
      if (id.endsWith('.po')) forget();
    },
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    async load(id, options) {
      if (id !== `\0${VIRTUAL}`) return null;
      const partById = await messageParts();
      const names = [...new Set(partById.values())].filter((part) => part !== 'rest');
      const file = (locale: string, part?: string) =>
        JSON.stringify(`${config.rootDir}/locales/${locale}/messages.po${part ? `?catalog=${part}` : ''}`);
      const branches = config.locales
        .map((locale) => {
          const cases = names.map((part) => `${JSON.stringify(part)}: () => import(${file(locale, part)})`);
          return `${JSON.stringify(locale)}: { ${[...cases, `full: () => import(${file(locale)})`].join(', ')} }`;
        })
        .join(',\n  ');
      const partOf = options?.ssr ? JSON.stringify(Object.fromEntries(partById)) : '{}';
      return `export const partOf = ${partOf};\nconst loaders = {\n  ${branches}\n};\nexport function loadPart(locale, part) {\n  const load = loaders[locale] && loaders[locale][part];\n  if (!load) return Promise.reject(new Error('No catalog part ' + part + ' for ' + locale));\n  return load();\n}\n`;
    },
    transform: {
      filter: { id: PART_QUERY },
      async handler(_code, id) {
        const match = PART_QUERY.exec(id);
        if (!match) return null;
        const [, locale = '', part = ''] = match;
        this.addWatchFile(id.split('?')[0] ?? id);
        const [partById, messages] = await Promise.all([messageParts(), translationsOf(locale)]);
        const subset = Object.fromEntries(Object.entries(messages).filter(([messageId]) => partById.get(messageId) === part));
        const { source, errors } = createCompiledCatalog(locale, subset, { namespace: 'es' });
        if (errors.length) throw new Error(`catalogParts: ${errors.length} message(s) of ${locale}/${part} do not compile`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
  };
}

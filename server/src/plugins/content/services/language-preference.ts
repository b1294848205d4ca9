import { LanguageCode, RequestContext } from '@vendure/core';

/**
 * Content is authored per language. When a row is missing in the request's language we show
 * the other storefront language rather than nothing: the request language first, then the
 * channel default, then English and Arabic.
 */
export function languagePreference(ctx: RequestContext): LanguageCode[] {
  const order = [ctx.languageCode, ctx.channel?.defaultLanguageCode, LanguageCode.en, LanguageCode.ar];
  return order.filter((c, i): c is LanguageCode => !!c && order.indexOf(c) === i);
}

/** Picks the rows of the most preferred language that has any. */
export function pickLanguage<T extends { languageCode: LanguageCode | string }>(ctx: RequestContext, rows: T[]): T[] {
  for (const lang of languagePreference(ctx)) {
    const match = rows.filter((r) => r.languageCode === lang);
    if (match.length) return match;
  }
  return [];
}

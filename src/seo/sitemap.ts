/** One page in both languages: its Arabic (unprefixed) and English (/en…) paths. */
export interface SitemapEntry {
  ar: string;
  en: string;
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/**
 * A sitemap with both language versions of every page, each listing its alternates
 * (ar, en, x-default → Arabic), as search engines expect for hreflang in sitemaps.
 */
export function buildSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const ar = escapeXml(base + entry.ar);
    const en = escapeXml(base + entry.en);
    const alternates = [
      `    <xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${ar}"/>`,
    ];
    for (const loc of [ar, en]) {
      lines.push('  <url>', `    <loc>${loc}</loc>`);
      if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
      lines.push(...alternates, '  </url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

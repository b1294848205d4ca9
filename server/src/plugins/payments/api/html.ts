export const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A minimal bilingual page shell; CSS uses logical properties so RTL needs nothing special. The
 * page's content is its `main` landmark, `header` (the language switch) a banner before it; focus
 * shows as the shop's ring (the card sandbox is part of the keyboard purchase, keyboard-purchase.spec.ts).
 */
export function page(lang: 'ar' | 'en', title: string, body: string, header = '') {
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-inline-size:32rem;margin-block:2rem;margin-inline:auto;padding-inline:1rem;color:#1f2937}
h1{font-size:1.4rem}.note{background:#fef3c7;padding:.75rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{font-weight:600}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-block-start:1.5rem}
button{font-size:1rem;padding-block:.6rem;padding-inline:1.2rem;border-radius:.5rem;border:1px solid #9ca3af;cursor:pointer}
.approve{background:#047857;color:#fff;border-color:#047857}.decline{background:#b91c1c;color:#fff;border-color:#b91c1c}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}a{color:#0f4c45}
table{border-collapse:collapse;inline-size:100%}th,td{text-align:start;padding:.3rem;border-block-end:1px solid #e5e7eb}
</style></head>
<body>${header ? `<header>${header}</header>` : ''}<main>${body}</main></body></html>`;
}

import { describe, expect, it } from 'vitest';
import { dropRepeatedTitle, plainText, sanitizeRichText } from '../../../../src/lib/sanitize.server';

describe('rich text sanitising', () => {
  it('removes scripts, handlers, styles and javascript: links', () => {
    const html = sanitizeRichText(
      '<h1 onclick="x()">Title</h1><script>alert(1)</script><p style="color:red">Hi <a href="javascript:alert(1)">x</a> <iframe src="https://e.example"></iframe></p>',
      'en',
    );
    expect(html).toBe('<h2>Title</h2><p>Hi <a>x</a> </p>');
  });

  it('keeps formatting and opens external links safely', () => {
    expect(
      sanitizeRichText('<p><strong>a</strong> <a href="https://e.example" target="_top">e</a> <a href="/faqs" rel="x">f</a></p>', 'en'),
    ).toBe('<p><strong>a</strong> <a href="https://e.example" target="_blank" rel="noopener noreferrer">e</a> <a href="/faqs">f</a></p>');
  });

  it('writes the digits of Arabic text as Arabic-Indic ones, not those of URLs, Latin phrases or Latin islands (decision 015)', () => {
    expect(
      sanitizeRichText(
        '<p>خلال 7 أيام<br>رسوم 25 ريالًا، <a href="/pages/x?type=2">الصفحة 3</a> على iPhone 15</p><p dir="ltr">+966 500 000 001</p><p><span lang="en">Model 5</span> و 10٪</p>',
        'ar',
      ),
    ).toBe(
      '<p>خلال ٧ أيام<br />رسوم ٢٥ ريالًا، <a href="/pages/x?type=2">الصفحة ٣</a> على iPhone 15</p><p dir="ltr">+966 500 000 001</p><p><span lang="en">Model 5</span> و ١٠٪</p>',
    );
    expect(sanitizeRichText('<p>Within 7 days</p>', 'en')).toBe('<p>Within 7 days</p>');
  });

  it('gives plain text for structured data', () => {
    expect(plainText('<p>Tom &amp; Jerry &lt;3</p>\n<p>two</p>')).toBe('Tom & Jerry <3 two');
  });
});

describe('repeated titles', () => {
  it('drops a first heading equal to the page title', () => {
    expect(dropRepeatedTitle('<h2>Privacy Policy</h2><p>x</p>', 'Privacy policy')).toBe('<p>x</p>');
    expect(dropRepeatedTitle('<h2>Scope</h2><p>x</p>', 'Privacy policy')).toBe('<h2>Scope</h2><p>x</p>');
    expect(dropRepeatedTitle('<p>x</p><h2>Privacy policy</h2>', 'Privacy policy')).toBe('<p>x</p><h2>Privacy policy</h2>');
  });
});

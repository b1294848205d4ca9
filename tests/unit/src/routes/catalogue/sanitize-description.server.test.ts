import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from '../../../../../src/routes/catalogue/sanitize-description.server';

describe('sanitizeDescription', () => {
  it('keeps structure and drops scripts, handlers, styles and images', () => {
    const html = sanitizeDescription(
      '<h1>Title</h1><p style="color:red" onclick="x()">Soft <strong>leather</strong><script>alert(1)</script></p><img src="x.jpg"><ul><li>One</li></ul>',
    );
    expect(html).toBe('<h2>Title</h2><p>Soft <strong>leather</strong></p><ul><li>One</li></ul>');
  });

  it('makes links safe and refuses javascript: URLs', () => {
    expect(sanitizeDescription('<a href="https://x.org/a">x</a>')).toBe(
      '<a href="https://x.org/a" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(sanitizeDescription('<a href="/products">x</a>')).toBe('<a href="/products" rel="noopener noreferrer nofollow">x</a>');
  });

  it('handles empty input', () => {
    expect(sanitizeDescription(null)).toBe('');
  });
});

describe('descriptionText', () => {
  it('gives plain text with entities decoded, cut on a word', () => {
    expect(descriptionText('<p>Tom &amp; Jerry&nbsp;bag</p>')).toBe('Tom & Jerry bag');
    const long = `<p>${'word '.repeat(60)}</p>`;
    const text = descriptionText(long, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('word…')).toBe(true);
  });
});

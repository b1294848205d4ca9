import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLACEHOLDER, Image } from '../../../../../src/components/image/image';
import {
  candidateWidths,
  cropUrl,
  heightFor,
  parseRatio,
  presetSrcSet,
  presetUrl,
} from '../../../../../src/components/image/image-sources';

const SRC = '/assets/preview/ab/shoe__preview.jpg';

describe('image sources', () => {
  it('computes heights from the ratio (default 1-1)', () => {
    expect(heightFor(300, '1-1')).toBe(300);
    expect(heightFor(400, '4-3')).toBe(300);
    expect(heightFor(1536, '16-9')).toBe(864);
    expect(() => parseRatio('0-1')).toThrow(/ratio/);
  });

  it('offers the spec screens up to twice the display width, plus its 1x, 1.25x, 1.5x, 1.75x and 2x', () => {
    expect(candidateWidths(300)).toEqual([300, 320, 375, 450, 525, 600]);
    expect(candidateWidths(768)).toEqual([320, 640, 768, 960, 1024, 1152, 1280, 1344, 1536]);
    expect(candidateWidths(1536)).toEqual([320, 640, 768, 1024, 1280, 1536, 1920, 2304, 2688, 3072]);
  });

  it('builds WebP crop URLs (quality 75) with the focal point', () => {
    expect(cropUrl(SRC, 320, '4-3')).toBe(`${SRC}?w=320&h=240&mode=crop&format=webp&q=75`);
    expect(cropUrl(`${SRC}?v=2`, 100, '1-1', { x: 0.25, y: 0.5 })).toBe(
      `${SRC}?v=2&w=100&h=100&mode=crop&fpx=0.25&fpy=0.5&format=webp&q=75`,
    );
  });

  it('pairs a preset with the preset twice its size', () => {
    const w = '&format=webp&q=75';
    expect(presetSrcSet(SRC, 'thumb')).toBe(`${SRC}?preset=thumb${w} 1x`);
    expect(presetSrcSet(SRC, 'small')).toBe(`${SRC}?preset=small${w} 1x, ${SRC}?preset=large${w} 2x`);
    expect(presetSrcSet(SRC, 'tiny')).toBe(`${SRC}?preset=tiny${w} 1x, ${SRC}?preset=thumb${w} 2x`);
  });

  it('keeps the stored format for images other sites fetch (og:image)', () => {
    expect(presetUrl(SRC, 'large', null)).toBe(`${SRC}?preset=large`);
  });
});

describe('<Image>', () => {
  afterEach(cleanup);

  it('always sets width and height, and loads lazily by default', () => {
    const { getByRole } = render(<Image src={SRC} alt="Shoe" width={400} ratio="4-3" />);
    const img = getByRole('img', { name: 'Shoe' });
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('300');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('srcset')).toContain(`${SRC}?w=800&h=600&mode=crop&format=webp&q=75 800w`);
    expect(img.getAttribute('sizes')).toBe('(max-width: 400px) 100vw, 400px');
  });

  it('loads a priority image eagerly with high fetch priority', () => {
    const { getByRole } = render(<Image src={SRC} alt="Hero" width={1200} ratio="16-9" priority />);
    const img = getByRole('img', { name: 'Hero' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it("loads an 'eager' image at once but leaves its priority to the browser", () => {
    const { getByRole } = render(<Image src={SRC} alt="Third card" width={300} priority="eager" />);
    const img = getByRole('img', { name: 'Third card' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('uses a preset with its own size', () => {
    const { getByRole } = render(<Image src={SRC} alt="Thumb" preset="thumb" />);
    const img = getByRole('img', { name: 'Thumb' });
    expect(img.getAttribute('src')).toBe(`${SRC}?preset=thumb&format=webp&q=75`);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['150', '150']);
  });

  it('shows the placeholder, still sized, when there is no image', () => {
    const { getByRole } = render(<Image src={null} alt="No photo" width={200} />);
    const img = getByRole('img', { name: 'No photo' });
    expect(img.getAttribute('src')).toBe(DEFAULT_PLACEHOLDER);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['200', '200']);
  });
});

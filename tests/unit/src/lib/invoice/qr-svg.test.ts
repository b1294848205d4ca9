import { describe, expect, it } from 'vitest';
import { darkModulesPath, renderQrSvg } from '../../../../../src/lib/invoice/qr-svg';

// ZATCA's guideline sample: 70 TLV bytes, 96 base64 characters (byte mode).
const SAMPLE = 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==';

/** The dark cells of a path made of `M{x} {y}h{n}v1h-{n}z` runs. */
function darkCells(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(n); i++) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

const FINDER = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];

function expectFinderAt(cells: Set<string>, left: number, top: number) {
  FINDER.forEach((line, dy) =>
    [...line].forEach((c, dx) => expect(cells.has(`${left + dx},${top + dy}`), `module ${left + dx},${top + dy}`).toBe(c === '#')),
  );
}

describe('renderQrSvg', () => {
  it('draws a version 6 symbol (41 modules) inside a 4-module quiet zone, at error correction M', () => {
    // 96 bytes: more than version 5-M holds (84), within version 6-M (106)
    const qr = renderQrSvg(SAMPLE);
    expect(qr.version).toBe(6);
    expect(qr.size).toBe(49);
    expect(
      qr.svg.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 49 49" width="24.5mm" height="24.5mm" shape-rendering="crispEdges" aria-hidden="true">' +
          '<rect width="49" height="49" fill="#fff"/><path d="M4 4h7v1h-7z',
      ),
    ).toBe(true);
    expect(qr.svg.endsWith('" fill="#000"/></svg>')).toBe(true);
    expect(qr.svg).toContain(`d="${qr.path}"`);
  });

  it('has the three finder patterns where version 6 puts them, and nothing in the quiet zone', () => {
    const cells = darkCells(renderQrSvg(SAMPLE).path);
    expectFinderAt(cells, 4, 4);
    expectFinderAt(cells, 38, 4);
    expectFinderAt(cells, 4, 38);
    // timing pattern: row 6 of the symbol alternates, dark on even columns
    expect([12, 13, 14, 15, 16].map((x) => cells.has(`${x},10`))).toEqual([true, false, true, false, true]);
    for (const cell of cells) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      expect(x >= 4 && x < 45 && y >= 4 && y < 45, `dark module ${cell} outside the symbol`).toBe(true);
    }
    expect(cells.size).toBeGreaterThan(500);
  });

  it('grows to version 7 (53 modules with the quiet zone) for an invoice with an Arabic seller name', () => {
    // 79 TLV bytes → 108 base64 characters: over version 6-M (106), within 7-M (122)
    const payload = 'ARfZhdiq2KzYsSDYp9mE2KPZhtin2YLYqQIPMzAwMDAwMDAwMDAwMDAzAxQyMDI2LTExLTIwVDA5OjE1OjQyWgQGMjkxLjk3BQUzOC4wOA==';
    expect(payload.length).toBe(108);
    const qr = renderQrSvg(payload);
    expect(qr.version).toBe(7);
    expect(qr.size).toBe(53);
    expect(qr.svg).toContain('viewBox="0 0 53 53" width="26.5mm" height="26.5mm"');
  });

  it('names the image when given a label, escaped', () => {
    expect(renderQrSvg(SAMPLE, { label: 'ZATCA QR "فاتورة" <1>' }).svg).toContain(
      'role="img" aria-label="ZATCA QR &quot;فاتورة&quot; &lt;1&gt;">',
    );
  });
});

describe('darkModulesPath', () => {
  it('draws each horizontal run of dark modules as one rectangle', () => {
    expect(
      darkModulesPath([
        [true, true, false, true],
        [false, false, false, false],
        [true, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM0 2h4v1h-4z');
  });
});

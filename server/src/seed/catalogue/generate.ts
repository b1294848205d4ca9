import { BRANDS, BrandDef, CATEGORIES, CategoryDef, COLORS, ColorDef, EDITIONS, ItemDef, SIZES, SizeDef, SubCategoryDef, Tr } from './data';

/**
 * Deterministic catalogue generator (no I/O): the same `count` always yields the same products,
 * so tests can derive expectations from `generateCatalogue(n)`.
 *
 * Guaranteed in every catalogue (indices in the order of generation):
 *  0 color-size, current sale, one low-stock variant (stock 2)
 *  1 color, every variant out of stock
 *  2 simple, low stock (3)
 *  3 future sale (promoPrice set, not on sale yet)
 *  4 expired sale (promoPrice set, sale ended)
 *  5 color-size with one out-of-stock variant
 * Others: pseudo-random but seeded. Roughly 1/4 on sale, 1/3 new arrivals.
 *
 * Products come from the photographed items of data.ts, one per item, taken round-robin across
 * categories and sub-categories (so a small catalogue still spans them all). Past the last item
 * (benchmark catalogues of thousands) the items come round again as further model lines
 * ("Slim Aluminium Laptop Pro 2031"): same photograph, another name, slug and price.
 *
 * Slugs: the same latin slug in both languages (`slim-aluminium-laptop`), so the language switch
 * is a pure prefix change (/products/x ↔ /en/products/x) and URLs need no percent-encoding.
 */

export type VariantType = 'simple' | 'color' | 'color-size';
export type SaleKind = 'none' | 'current' | 'future' | 'expired';

export interface VariantSpec {
  sku: string;
  color?: ColorDef;
  size?: SizeDef;
  /** price actually charged (halalas, VAT incl.) = promoPrice during a current sale, else mainPrice */
  price: number;
  mainPrice: number;
  promoPrice: number | null;
  onSale: boolean;
  startDate: Date | null;
  endDate: Date | null;
  stock: number;
  isDefault: boolean;
}

export interface ProductSpec {
  index: number;
  slug: string;
  name: Tr;
  subTitle: Tr;
  description: Tr;
  category: CategoryDef;
  subCategory: SubCategoryDef;
  /** the photographed item it is made from (item.photo: the photograph) */
  item: ItemDef;
  /** 0 for the photographed product itself, 1.. for the benchmark catalogue's model lines */
  edition: number;
  brand: BrandDef;
  variantType: VariantType;
  colors: ColorDef[];
  sizes: SizeDef[];
  sale: SaleKind;
  newArrival: boolean;
  /** "was" price shown for current sales (halalas), else null */
  dropPrice: number | null;
  variants: VariantSpec[];
}

/** mulberry32 */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)],
    sample: <T>(arr: readonly T[], n: number): T[] => {
      const copy = [...arr];
      const out: T[] = [];
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
  };
}

const DAY = 24 * 3600 * 1000;

/**
 * A URL slug from an English name: accents folded to their letters (`Café` → `cafe`, not `caf`),
 * anything else that is not a Latin letter or digit a hyphen (issue 32 §7).
 */
export function slugify(s: string) {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Interleave sub-categories across categories: electronics/computers, cameras/digital-cameras, sports/fitness ... */
export function subCategoryOrder(): Array<{ category: CategoryDef; sub: SubCategoryDef }> {
  const out: Array<{ category: CategoryDef; sub: SubCategoryDef }> = [];
  const max = Math.max(...CATEGORIES.map((c) => c.sub.length));
  for (let i = 0; i < max; i++) {
    for (const category of CATEGORIES) {
      if (category.sub[i]) out.push({ category, sub: category.sub[i] });
    }
  }
  return out;
}

/** Every photographed item once, round-robin over the sub-categories (first items first). */
export function itemOrder(): Array<{ category: CategoryDef; sub: SubCategoryDef; item: ItemDef }> {
  const subs = subCategoryOrder();
  const out: Array<{ category: CategoryDef; sub: SubCategoryDef; item: ItemDef }> = [];
  const rounds = Math.max(...subs.map((s) => s.sub.items.length));
  for (let k = 0; k < rounds; k++) {
    for (const { category, sub } of subs) if (sub.items[k]) out.push({ category, sub, item: sub.items[k] });
  }
  return out;
}

/** How many products the photographs make (the default shop catalogue). */
export const PHOTOGRAPHED_PRODUCTS = CATEGORIES.reduce((n, c) => n + c.sub.reduce((m, s) => m + s.items.length, 0), 0);

const roundPrice = (sar: number) => Math.max(9, Math.round(sar / 10) * 10 - 1) * 100; // 149.00 style, halalas

function editionName(item: Tr, edition: number): Tr {
  if (edition === 0) return { en: item.en, ar: item.ar };
  const line = EDITIONS[(edition - 1) % EDITIONS.length];
  const year = 2020 + Math.floor((edition - 1) / EDITIONS.length);
  return { en: `${item.en} ${line.en} ${year}`, ar: `${item.ar} ${line.ar} ${year}` };
}

export function generateCatalogue(count: number, now = new Date()): ProductSpec[] {
  const rnd = prng(20261122);
  const order = itemOrder();
  const products: ProductSpec[] = [];
  for (let i = 0; i < count; i++) {
    const { category, sub, item } = order[i % order.length];
    const edition = Math.floor(i / order.length);
    const brand = BRANDS.find((b) => b.code === item.brand);
    if (!brand) throw new Error(`data.ts: ${item.en} has an unknown brand ${item.brand}`);
    const name = editionName(item, edition);
    const slug = slugify(name.en);

    const colors: ColorDef[] = item.colors.map((code) => {
      const c = COLORS.find((x) => x.code === code);
      if (!c) throw new Error(`data.ts: ${item.en} has an unknown colour ${code}`);
      return c;
    });
    const sizes: SizeDef[] = item.sizes ? SIZES[item.sizes].sizes : [];
    // sizes make a colour-size product even in one colour (the colour shows as a single swatch)
    const variantType: VariantType = sizes.length ? 'color-size' : colors.length > 1 ? 'color' : 'simple';
    const ownColors = colors;

    const sale: SaleKind = i === 0 ? 'current' : i === 3 ? 'future' : i === 4 ? 'expired' : i > 5 && i % 4 === 0 ? 'current' : 'none';
    const newArrival = i % 3 === 1 || i === 0;
    const factor = edition === 0 ? 1 : 1 + (((edition + i) % 5) - 2) * 0.08;
    const mainPrice = roundPrice(item.price * factor);
    const discount = [0.7, 0.75, 0.8, 0.85][i % 4];
    const promoPrice = sale === 'none' ? null : Math.min(mainPrice - 500, roundPrice((mainPrice / 100) * discount));
    const startDate =
      sale === 'current'
        ? new Date(now.getTime() - 7 * DAY)
        : sale === 'future'
          ? new Date(now.getTime() + 30 * DAY)
          : sale === 'expired'
            ? new Date(now.getTime() - 60 * DAY)
            : null;
    const endDate =
      sale === 'current'
        ? new Date(now.getTime() + 365 * DAY)
        : sale === 'future'
          ? new Date(now.getTime() + 60 * DAY)
          : sale === 'expired'
            ? new Date(now.getTime() - 30 * DAY)
            : null;
    const onSale = sale === 'current';

    const combos: Array<{ color: ColorDef; size?: SizeDef }> = [];
    for (const color of ownColors) {
      if (sizes.length) for (const size of sizes) combos.push({ color, size });
      else combos.push({ color });
    }
    const withColour = variantType !== 'simple';
    const variants: VariantSpec[] = combos.map((c, v) => {
      let stock = rnd.int(8, 60);
      if (rnd.next() < 0.1) stock = rnd.int(1, 3);
      if (rnd.next() < 0.07) stock = 0;
      if (i === 0) stock = v === 1 ? 2 : Math.max(stock, 10);
      if (i === 1) stock = 0;
      if (i === 2) stock = 3;
      if (i === 5) stock = v === combos.length - 1 ? 0 : Math.max(stock, 10);
      const skuParts = [brand.code.slice(0, 3).toUpperCase(), String(i + 1).padStart(5, '0')];
      if (withColour) skuParts.push(c.color.code.toUpperCase());
      if (c.size) skuParts.push(c.size.code.toUpperCase());
      return {
        sku: skuParts.join('-'),
        color: withColour ? c.color : undefined,
        size: c.size,
        price: onSale && promoPrice != null ? promoPrice : mainPrice,
        mainPrice,
        promoPrice,
        onSale,
        startDate,
        endDate,
        stock,
        isDefault: v === 0,
      };
    });

    const colourListEn = colors.map((c) => c.en.toLowerCase()).join(', ');
    const colourListAr = colors.map((c) => c.ar).join(' و');
    const description: Tr = {
      en:
        `<p>${item.about.en}</p>` +
        `<ul><li>${item.points[0].en}</li><li>${item.points[1].en}</li>` +
        (colors.length > 1 ? `<li>Available in ${colourListEn}</li>` : '') +
        `</ul>`,
      ar:
        `<p>${item.about.ar}</p>` +
        `<ul><li>${item.points[0].ar}</li><li>${item.points[1].ar}</li>` +
        (colors.length > 1 ? `<li>متوفر باللون ${colourListAr}</li>` : '') +
        `</ul>`,
    };
    products.push({
      index: i,
      slug,
      name,
      subTitle: { en: `${brand.en} · ${sub.en}`, ar: `${brand.ar} · ${sub.ar}` },
      description,
      category,
      subCategory: sub,
      item,
      edition,
      brand,
      variantType,
      colors: ownColors,
      sizes,
      sale,
      newArrival,
      dropPrice: onSale ? mainPrice : null,
      variants,
    });
  }
  return products;
}

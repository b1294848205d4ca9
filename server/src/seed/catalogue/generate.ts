import {
  BRANDS,
  BrandDef,
  CATEGORIES,
  CategoryDef,
  COLLECTIONS,
  COLORS,
  ColorDef,
  MATERIALS,
  SIZES,
  SizeDef,
  SubCategoryDef,
  Tr,
} from './data';

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
 * Slugs: the same latin slug in both languages (`linen-midi-dress-najd-1`), so the language switch
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

export function slugify(s: string) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Interleave sub-categories across categories: women/dresses, men/thobes, kids/boys, home/bedding, women/abayas ... */
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

const roundPrice = (sar: number) => Math.max(9, Math.round(sar / 10) * 10 - 1) * 100; // 149.00 style, halalas

export function generateCatalogue(count: number, now = new Date()): ProductSpec[] {
  const rnd = prng(20261122);
  const order = subCategoryOrder();
  const nameUse = new Map<string, number>();
  const products: ProductSpec[] = [];
  for (let i = 0; i < count; i++) {
    const { category, sub } = order[i % order.length];
    const brand = BRANDS[(i * 7 + Math.floor(i / order.length)) % BRANDS.length];
    const item = sub.items[Math.floor(i / order.length) % sub.items.length];
    const useKey = `${item.en}|${brand.code}`;
    const n = (nameUse.get(useKey) ?? 0) + 1;
    nameUse.set(useKey, n);
    const name: Tr = n === 1 ? { ...item } : { en: `${item.en} No. ${n}`, ar: `${item.ar} رقم ${n}` };
    const slug = `${slugify(item.en)}-${brand.code}${n === 1 ? '' : `-${n}`}`;

    // variant type
    let variantType: VariantType;
    if (i === 0 || i === 5) variantType = sub.sizeSet === 'none' ? 'color' : 'color-size';
    else if (i === 1) variantType = 'color';
    else if (i === 2) variantType = 'simple';
    else {
      const r = rnd.next();
      variantType = sub.sizeSet === 'none' ? (r < 0.35 ? 'simple' : 'color') : r < 0.15 ? 'simple' : r < 0.4 ? 'color' : 'color-size';
    }
    const colorCount = variantType === 'simple' ? 1 : rnd.int(2, 3);
    const colors = rnd.sample(COLORS, colorCount);
    const sizes = variantType === 'color-size' && sub.sizeSet !== 'none' ? SIZES[sub.sizeSet].slice(0, rnd.int(3, 4)) : [];

    const sale: SaleKind = i === 0 ? 'current' : i === 3 ? 'future' : i === 4 ? 'expired' : i > 5 && i % 4 === 0 ? 'current' : 'none';
    const newArrival = i % 3 === 1 || i === 0;
    const mainPrice = roundPrice(rnd.int(sub.price[0], sub.price[1]));
    const discount = [0.7, 0.75, 0.8, 0.6][i % 4];
    const promoPrice = sale === 'none' ? null : Math.min(mainPrice - 1000, roundPrice((mainPrice / 100) * discount));
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
    for (const color of colors) {
      if (sizes.length) for (const size of sizes) combos.push({ color, size });
      else combos.push({ color });
    }
    const variants: VariantSpec[] = combos.map((c, v) => {
      let stock = rnd.int(8, 60);
      if (rnd.next() < 0.1) stock = rnd.int(1, 3);
      if (rnd.next() < 0.07) stock = 0;
      if (i === 0) stock = v === 1 ? 2 : Math.max(stock, 10);
      if (i === 1) stock = 0;
      if (i === 2) stock = 3;
      if (i === 5) stock = v === combos.length - 1 ? 0 : Math.max(stock, 10);
      const skuParts = [brand.code.slice(0, 3).toUpperCase(), String(i + 1).padStart(5, '0')];
      if (variantType !== 'simple') skuParts.push(c.color.code.toUpperCase());
      if (c.size) skuParts.push(c.size.code.toUpperCase());
      return {
        sku: skuParts.join('-'),
        color: variantType === 'simple' ? undefined : c.color,
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
    if (variantType === 'simple') variants[0].color = undefined;

    const collection = COLLECTIONS[i % COLLECTIONS.length];
    const m1 = MATERIALS[i % MATERIALS.length];
    const m2 = MATERIALS[(i + 1) % MATERIALS.length];
    const colourListEn = colors.map((c) => c.en.toLowerCase()).join(', ');
    const colourListAr = colors.map((c) => c.ar).join('، ');
    const description: Tr = {
      en:
        `<p>${name.en} by ${brand.en} — part of our ${collection.en.toLowerCase()}.</p>` +
        `<ul><li>${m1.en}</li><li>${m2.en}</li>` +
        (variantType === 'simple' ? '' : `<li>Available in ${colourListEn}</li>`) +
        `</ul>`,
      ar:
        `<p>${name.ar} من ${brand.ar} — ضمن ${collection.ar}.</p>` +
        `<ul><li>${m1.ar}</li><li>${m2.ar}</li>` +
        (variantType === 'simple' ? '' : `<li>متوفر باللون: ${colourListAr}</li>`) +
        `</ul>`,
    };
    products.push({
      index: i,
      slug,
      name,
      subTitle: { en: `${brand.en} · ${collection.en}`, ar: `${brand.ar} · ${collection.ar}` },
      description,
      category,
      subCategory: sub,
      brand,
      variantType,
      colors: variantType === 'simple' ? colors.slice(0, 1) : colors,
      sizes,
      sale,
      newArrival,
      dropPrice: onSale ? mainPrice : null,
      variants,
    });
  }
  return products;
}

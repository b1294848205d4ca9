import {
  Asset,
  ChannelService,
  CollectionService,
  FacetValue,
  TransactionalConnection,
  FacetService,
  FacetValueService,
  FastImporterService,
  ID,
  LanguageCode,
  TaxCategoryService,
} from '@vendure/core';

import { CategoryCollectionsService, CollectionIndexService } from '../../plugins/catalogue';
import { waitForJobQueue } from '../jobs';
import { createAssetFromBuffer } from '../assets';
import { BRANDS, CATEGORIES, COLORS, SIZES, Tr } from '../catalogue/data';
import { generateCatalogue, ProductSpec } from '../catalogue/generate';
import { cropImage, productImage } from '../catalogue/images';
import { SeedContext, SeedStep } from '../types';

const { ar, en } = LanguageCode;
const tr = (t: Tr) => [
  { languageCode: ar, name: t.ar },
  { languageCode: en, name: t.en },
];

async function createFacets(seed: SeedContext) {
  const { ctx, injector } = seed;
  const facetService = injector.get(FacetService);
  const facetValueService = injector.get(FacetValueService);
  const ids = seed.generated.facetValueIds;
  const repo = injector.get(TransactionalConnection).getRepository(ctx, FacetValue);
  /** relation custom fields set on the entity (the `...Id` input keys trip a validation warning on insert) */
  const setImages = async (id: ID, images: { mainFeatureAsset?: Asset; cover?: Asset }) => {
    const fv = await repo.findOneOrFail({ where: { id } });
    Object.assign(fv.customFields as any, images);
    await repo.save(fv);
  };

  const facet = async (code: string, name: Tr) => facetService.create(ctx, { code, isPrivate: false, translations: tr(name) });
  const category = await facet('category', { en: 'Category', ar: 'الفئة' });
  const subCategory = await facet('sub-category', { en: 'Sub-category', ar: 'الفئة الفرعية' });
  const brand = await facet('brand', { en: 'Brand', ar: 'العلامة التجارية' });
  const color = await facet('color', { en: 'Colour', ar: 'اللون' });

  let order = 0;
  for (const cat of CATEGORIES) {
    // the category's pictures: its first sub-category's first product, and a wide crop of another
    const lead = cat.sub[0].items[0];
    const wide = cat.sub[1]?.items[0] ?? lead;
    const cover = await createAssetFromBuffer(seed, await cropImage(wide.photo, 1200, 400), `category-${cat.code}-cover.jpg`);
    const feature = await createAssetFromBuffer(seed, await productImage(lead.photo, 'main', lead.fit), `category-${cat.code}.jpg`);
    const v = await facetValueService.create(ctx, category, {
      code: cat.code,
      translations: tr(cat),
      customFields: { sortOrder: order, showOnHome: true },
    } as any);
    await setImages(v.id, { mainFeatureAsset: feature, cover });
    ids[`category:${cat.code}`] = v.id;
    let subOrder = 0;
    for (const sub of cat.sub) {
      const subLead = sub.items[0];
      const subWide = sub.items[1] ?? subLead;
      const subCover = await createAssetFromBuffer(seed, await cropImage(subWide.photo, 1200, 400), `sub-${sub.code}-cover.jpg`);
      const subFeature = await createAssetFromBuffer(seed, await productImage(subLead.photo, 'main', subLead.fit), `sub-${sub.code}.jpg`);
      const sv = await facetValueService.create(ctx, subCategory, {
        code: sub.code,
        translations: tr(sub),
        customFields: {
          parentCode: cat.code,
          sortOrder: subOrder++,
          showOnHome: false,
        },
      } as any);
      await setImages(sv.id, { mainFeatureAsset: subFeature, cover: subCover });
      ids[`sub-category:${sub.code}`] = sv.id;
    }
    order++;
  }
  let brandOrder = 0;
  const items = CATEGORIES.flatMap((c) => c.sub.flatMap((s) => s.items));
  for (const b of BRANDS) {
    // a brand's picture: a photograph of one of its products
    const signature = items.find((i) => i.brand === b.code);
    if (!signature) throw new Error(`data.ts: brand ${b.code} has no product`);
    const logo = await createAssetFromBuffer(seed, await productImage(signature.photo, 'detail'), `brand-${b.code}.jpg`);
    const bv = await facetValueService.create(ctx, brand, {
      code: b.code,
      translations: tr(b),
      customFields: { sortOrder: brandOrder, showOnHome: brandOrder < 4 },
    } as any);
    await setImages(bv.id, { mainFeatureAsset: logo });
    brandOrder++;
    ids[`brand:${b.code}`] = bv.id;
  }
  let colorOrder = 0;
  for (const c of COLORS) {
    const cv = await facetValueService.create(ctx, color, {
      code: c.code,
      translations: tr(c),
      customFields: { colorCode: c.hex, sortOrder: colorOrder++ },
    } as any);
    ids[`color:${c.code}`] = cv.id;
  }
}

const timing = { images: 0, rows: 0 };

/** image pool for big catalogues: one asset per (photograph, view) */
const pool = new Map<string, ID>();

/** The product's photograph and a close-up of it; every colour shows the photograph. */
async function productImages(seed: SeedContext, p: ProductSpec): Promise<{ ids: ID[]; byColor: Record<string, ID> }> {
  const views = ['main', 'detail'] as const;
  const ids: ID[] = [];
  for (const view of views) {
    const key = `${p.item.photo}-${view}`;
    let id = seed.size.images === 'pool' ? pool.get(key) : undefined;
    if (!id) {
      const buffer = await productImage(p.item.photo, view, p.item.fit);
      id = (await createAssetFromBuffer(seed, buffer, `${seed.size.images === 'pool' ? p.item.photo : p.slug}-${view}.jpg`)).id;
      if (seed.size.images === 'pool') pool.set(key, id);
    }
    ids.push(id);
  }
  const byColor: Record<string, ID> = {};
  for (const c of p.colors) byColor[c.code] = ids[0];
  return { ids, byColor };
}

async function createProduct(seed: SeedContext, importer: FastImporterService, taxCategoryId: ID, p: ProductSpec) {
  const ids = seed.generated.facetValueIds;
  const t0 = Date.now();
  const images = await productImages(seed, p);
  timing.images += Date.now() - t0;
  const t1 = Date.now();
  const productId = await importer.createProduct({
    featuredAssetId: images.ids[0],
    assetIds: images.ids,
    facetValueIds: [ids[`category:${p.category.code}`], ids[`sub-category:${p.subCategory.code}`], ids[`brand:${p.brand.code}`]],
    enabled: true,
    translations: [
      { languageCode: ar, name: p.name.ar, slug: p.slug, description: p.description.ar, customFields: { subTitle: p.subTitle.ar } },
      { languageCode: en, name: p.name.en, slug: p.slug, description: p.description.en, customFields: { subTitle: p.subTitle.en } },
    ],
    customFields: { variantType: p.variantType, dropPrice: p.dropPrice, newArrival: p.newArrival },
  } as any);
  seed.generated.productIds.push(productId);

  const colorOptionIds: Record<string, ID> = {};
  const sizeOptionIds: Record<string, ID> = {};
  if (p.variantType !== 'simple') {
    const groupId = await importer.createProductOptionGroup({
      code: `${p.slug}-color`,
      translations: [
        { languageCode: ar, name: 'اللون' },
        { languageCode: en, name: 'Colour' },
      ],
      options: [],
      customFields: { type: 'color' },
    } as any);
    for (const c of p.colors) {
      colorOptionIds[c.code] = await importer.createProductOption({
        productOptionGroupId: groupId,
        code: c.code,
        translations: tr(c),
        customFields: { colorCode: c.hex },
      } as any);
    }
    await importer.addOptionGroupToProduct(productId, groupId);
  }
  if (p.sizes.length && p.item.sizes) {
    const group = SIZES[p.item.sizes].group;
    const groupId = await importer.createProductOptionGroup({
      code: `${p.slug}-size`,
      translations: [
        { languageCode: ar, name: group.ar },
        { languageCode: en, name: group.en },
      ],
      options: [],
      customFields: { type: 'size' },
    } as any);
    for (const s of p.sizes) {
      sizeOptionIds[s.code] = await importer.createProductOption({
        productOptionGroupId: groupId,
        code: s.code,
        translations: tr(s),
      });
    }
    await importer.addOptionGroupToProduct(productId, groupId);
  }

  for (const v of p.variants) {
    const optionIds: ID[] = [];
    if (v.color) optionIds.push(colorOptionIds[v.color.code]);
    if (v.size) optionIds.push(sizeOptionIds[v.size.code]);
    const colour = v.color ?? p.colors[0];
    const suffixEn = [v.color?.en, v.size?.en].filter(Boolean).join(' / ');
    const suffixAr = [v.color?.ar, v.size?.ar].filter(Boolean).join(' / ');
    const assetId = images.byColor[colour.code] ?? images.ids[0];
    const variantId = await importer.createProductVariant({
      productId,
      sku: v.sku,
      price: v.price,
      taxCategoryId,
      optionIds,
      facetValueIds: [ids[`color:${colour.code}`]],
      featuredAssetId: assetId,
      assetIds: [assetId],
      stockOnHand: v.stock,
      translations: [
        { languageCode: ar, name: suffixAr ? `${p.name.ar} - ${suffixAr}` : p.name.ar },
        { languageCode: en, name: suffixEn ? `${p.name.en} - ${suffixEn}` : p.name.en },
      ],
      customFields: {
        default: v.isDefault,
        startDate: v.startDate,
        endDate: v.endDate,
        mainPrice: v.mainPrice,
        promoPrice: v.promoPrice,
        onSale: v.onSale,
      },
    } as any);
    seed.generated.variantIds.push(variantId);
    (seed.generated.extra.variantIdBySku as Record<string, ID>)[v.sku] = variantId;
  }
  timing.rows += Date.now() - t1;
}

/**
 * Facets (category / sub-category with parentCode / brand / color with colorCode, with cover and
 * feature images), generated products with rendered images, option groups, variants, stock and
 * sale prices. Bulk-inserted through Vendure's FastImporterService (no product events); runSeed()
 * rebuilds the search index once all steps are done.
 */
export const catalogueStep: SeedStep = {
  name: 'catalogue',
  async run(seed) {
    const started = Date.now();
    pool.clear();
    timing.images = 0;
    timing.rows = 0;
    await createFacets(seed);
    const specs = generateCatalogue(seed.size.products);
    seed.generated.extra.catalogue = specs;
    seed.generated.extra.variantIdBySku = {} as Record<string, ID>;

    const channel = await seed.injector.get(ChannelService).getDefaultChannel(seed.ctx);
    const importer = seed.injector.get(FastImporterService);
    await importer.initialize(channel);
    const taxCategoryId =
      (seed.generated.extra.taxCategoryId as ID | undefined) ??
      (await seed.injector.get(TaxCategoryService).findAll(seed.ctx)).items.find((t) => t.isDefault)!.id;

    for (const p of specs) {
      await createProduct(seed, importer, taxCategoryId, p);
      if ((p.index + 1) % 500 === 0) {
        seed.log(`  ${p.index + 1}/${specs.length} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    }
    // Categories as Collections too (decision 016). The bulk import published no product events,
    // so the collections' filters are applied here; runSeed() waits for that job before reindexing.
    const collections = await seed.injector.get(CategoryCollectionsService).sync(seed.ctx);
    await seed.injector.get(CollectionService).triggerApplyFiltersJob(seed.ctx, { applyToChangedVariantsOnly: false });
    // The filters job and the re-index jobs it leads to are written before the next step writes:
    // SQLite has one connection, and interleaved transactions broke each other's savepoints.
    await waitForJobQueue(seed.app, undefined, 'apply-collection-filters');
    await seed.injector.get(CollectionIndexService).settled();
    seed.log(`collections: ${collections.created} (one per category and sub-category)`);
    seed.log(
      `catalogue: ${specs.length} products, ${seed.generated.variantIds.length} variants in ${((Date.now() - started) / 1000).toFixed(1)} s (images ${(timing.images / 1000).toFixed(1)} s, rows ${(timing.rows / 1000).toFixed(1)} s; search index is rebuilt after the last step)`,
    );
  },
};

import { ID, LanguageCode, TransactionalConnection } from '@vendure/core';

import { ProductReview, ProductReviewState } from '../../plugins/catalogue/entities/product-review.entity';
import { SearchTextService } from '../../plugins/catalogue/services/search-text.service';
import { prng } from '../catalogue/generate';
import { SeedStep } from '../types';

const DAY = 24 * 3600 * 1000;

const AUTHORS = {
  ar: ['نورة ا.', 'عبدالله م.', 'ريم س.', 'فهد ع.', 'لمى ق.', 'سلطان ح.', 'هيفاء ز.', 'ماجد ش.', 'أمل ر.', 'تركي ب.'],
  en: ['Sarah K.', 'Omar A.', 'Lina H.', 'Khalid M.', 'Dana S.', 'Yousef R.', 'Maha T.', 'Faisal N.', 'Hind B.', 'Adam J.'],
};

/** Texts by rating (1..5): summary and body, Arabic and English. */
const TEXTS: Record<number, { ar: Array<[string, string]>; en: Array<[string, string]> }> = {
  5: {
    ar: [
      ['ممتاز جدًا', 'الجودة رائعة ومطابق للوصف تمامًا، وصل الطلب إلى الرياض خلال يومين وبتغليف محكم. أنصح به بشدة.'],
      ['أفضل شراء هذه السنة', 'استخدمته أسبوعين ولم أجد فيه عيبًا، وشكله أجمل من الصور. سأطلب واحدًا آخر هدية لأخي.'],
      ['يستاهل كل ريال', 'خامة ممتازة وتشطيب نظيف، وخدمة العملاء ردّت على سؤالي بسرعة قبل الشراء.'],
    ],
    en: [
      ['Absolutely love it', 'Great quality and exactly as described. It reached Jeddah in two days, well packed. Highly recommended.'],
      ['Best purchase this year', 'Two weeks of daily use and not a single fault. It looks even better than in the photos.'],
      ['Worth every riyal', 'Solid build and a clean finish; customer service answered my question quickly before I ordered.'],
    ],
  },
  4: {
    ar: [
      ['جيد جدًا', 'منتج جميل وجودته ممتازة، لكن التوصيل تأخر يومًا واحدًا عن الموعد المتوقع.'],
      ['يستحق السعر', 'أداء جيد وتصميم أنيق، تمنيت لو كانت هناك خيارات ألوان أكثر.'],
    ],
    en: [
      ['Very good', 'Lovely product and well made, though delivery came one day later than expected.'],
      ['Worth the price', 'Does the job well and looks smart; I wish there were a few more colours to choose from.'],
    ],
  },
  3: {
    ar: [['مقبول', 'المنتج مقبول بالنسبة لسعره، لكن التعليمات المرفقة مختصرة واحتجت إلى البحث عن طريقة الاستخدام.']],
    en: [['It is okay', 'Decent for the price, but the instructions in the box are thin and I had to look things up.']],
  },
  2: {
    ar: [['أقل من المتوقع', 'اللون يختلف قليلًا عن الصور والتغليف كان بسيطًا، لكن خدمة العملاء كانت متعاونة.']],
    en: [['Below expectations', 'The colour is a little different from the photos and the packaging was basic; support was helpful.']],
  },
  1: {
    ar: [['غير راضٍ', 'وصل المنتج وفيه خدش واضح واضطررت لإرجاعه، أتمنى تحسين فحص الجودة قبل الشحن.']],
    en: [['Not satisfied', 'It arrived with a visible scratch and I had to return it. Quality checks before shipping need work.']],
  },
};

/** Mostly good ratings with a tail of poor ones, like a real shop. */
const RATING_WEIGHTS: Array<[number, number]> = [
  [5, 45],
  [4, 30],
  [3, 13],
  [2, 7],
  [1, 5],
];

/**
 * Reviews for about three in four products: 1-6 each, Arabic and English, varied ratings, mostly
 * approved (a few pending/rejected for the moderation screen). No customer or order line behind
 * them, so the demo customer's own orders stay reviewable in the storefront.
 *
 * Also fills the search text of the products bulk-imported by the catalogue step (the importer
 * publishes no ProductEvent); the server would otherwise only do it at its next boot.
 */
export const reviewsStep: SeedStep = {
  name: 'reviews',
  async run(seed) {
    const rnd = prng(4242);
    const pickRating = () => {
      let roll = rnd.int(1, 100);
      for (const [rating, weight] of RATING_WEIGHTS) {
        if ((roll -= weight) <= 0) return rating;
      }
      return 5;
    };
    const now = Date.now();
    const reviews: ProductReview[] = [];
    const reviewedProducts = new Set<ID>();
    for (const productId of seed.generated.productIds) {
      if (rnd.next() < 0.25) continue;
      const count = rnd.int(1, seed.size.small ? 4 : 6);
      for (let i = 0; i < count; i++) {
        const lang = rnd.next() < 0.6 ? 'ar' : 'en';
        const rating = pickRating();
        const [summary, body] = rnd.pick(TEXTS[rating][lang]);
        const roll = rnd.next();
        const state: ProductReviewState = roll < 0.9 ? 'approved' : roll < 0.96 ? 'pending' : 'rejected';
        const createdAt = new Date(now - rnd.int(1, 120) * DAY - rnd.int(0, DAY));
        reviews.push(
          new ProductReview({
            productId,
            customerId: null,
            orderLineId: null,
            rating,
            summary,
            body,
            authorName: rnd.pick(AUTHORS[lang]),
            state,
            languageCode: lang === 'ar' ? LanguageCode.ar : LanguageCode.en,
            createdAt,
            updatedAt: createdAt,
          }),
        );
      }
      reviewedProducts.add(productId);
    }
    const connection = seed.injector.get(TransactionalConnection);
    await connection.getRepository(seed.ctx, ProductReview).save(reviews, { chunk: 200 });
    seed.log(`reviews: ${reviews.length} on ${reviewedProducts.size} products`);

    const filled = await seed.injector.get(SearchTextService).backfill(seed.ctx);
    seed.log(`search text filled for ${filled} products`);
  },
};

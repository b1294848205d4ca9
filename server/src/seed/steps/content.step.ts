import { LanguageCode, TransactionalConnection } from '@vendure/core';

import { Alert } from '../../plugins/content/entities/alert.entity';
import { Banner } from '../../plugins/content/entities/banner.entity';
import { City, CityTranslation } from '../../plugins/content/entities/city.entity';
import { Faq } from '../../plugins/content/entities/faq.entity';
import { PolicyPage, PolicyType } from '../../plugins/content/entities/policy-page.entity';
import { SocialLink } from '../../plugins/content/entities/social-link.entity';
import { SuperBanner } from '../../plugins/content/entities/super-banner.entity';
import { createAssetFromBuffer } from '../assets';
import { CATEGORIES } from '../catalogue/data';
import { captionedImage, cropImage } from '../catalogue/images';
import { SeedContext, SeedStep } from '../types';

type Lang = 'ar' | 'en';
const LANGS: Lang[] = ['ar', 'en'];

/** [code, countryCode, English, Arabic] */
export const SEED_CITIES: Array<[string, string, string, string]> = [
  ['RUH', 'SA', 'Riyadh', 'الرياض'],
  ['JED', 'SA', 'Jeddah', 'جدة'],
  ['MKK', 'SA', 'Makkah', 'مكة المكرمة'],
  ['MED', 'SA', 'Madinah', 'المدينة المنورة'],
  ['DMM', 'SA', 'Dammam', 'الدمام'],
  ['KHB', 'SA', 'Khobar', 'الخبر'],
  ['DHA', 'SA', 'Dhahran', 'الظهران'],
  ['TIF', 'SA', 'Taif', 'الطائف'],
  ['TUU', 'SA', 'Tabuk', 'تبوك'],
  ['AHB', 'SA', 'Abha', 'أبها'],
  ['KMS', 'SA', 'Khamis Mushait', 'خميس مشيط'],
  ['BUR', 'SA', 'Buraidah', 'بريدة'],
  ['HAS', 'SA', 'Hail', 'حائل'],
  ['EAM', 'SA', 'Najran', 'نجران'],
  ['GIZ', 'SA', 'Jazan', 'جازان'],
  ['HOF', 'SA', 'Al Ahsa', 'الأحساء'],
  ['JUB', 'SA', 'Jubail', 'الجبيل'],
  ['YNB', 'SA', 'Yanbu', 'ينبع'],
  ['ABT', 'SA', 'Al Baha', 'الباحة'],
  ['RAE', 'SA', 'Arar', 'عرعر'],
  ['SKK', 'SA', 'Sakaka', 'سكاكا'],
  ['QTF', 'SA', 'Qatif', 'القطيف'],
  ['UNZ', 'SA', 'Unaizah', 'عنيزة'],
  ['KRJ', 'SA', 'Al Kharj', 'الخرج'],
  ['HBT', 'SA', 'Hafar Al Batin', 'حفر الباطن'],
  ['DXB', 'AE', 'Dubai', 'دبي'],
  ['AUH', 'AE', 'Abu Dhabi', 'أبوظبي'],
  ['SHJ', 'AE', 'Sharjah', 'الشارقة'],
  ['KWI', 'KW', 'Kuwait City', 'مدينة الكويت'],
  ['HWL', 'KW', 'Hawalli', 'حولي'],
  ['AHM', 'KW', 'Al Ahmadi', 'الأحمدي'],
  ['BAH', 'BH', 'Manama', 'المنامة'],
  ['MHQ', 'BH', 'Muharraq', 'المحرق'],
  ['DOH', 'QA', 'Doha', 'الدوحة'],
  ['WAK', 'QA', 'Al Wakrah', 'الوكرة'],
  ['RYN', 'QA', 'Al Rayyan', 'الريان'],
  ['MCT', 'OM', 'Muscat', 'مسقط'],
  ['SLL', 'OM', 'Salalah', 'صلالة'],
  ['OHS', 'OM', 'Sohar', 'صحار'],
];
/** The cities of the small (e2e) seed: RUH is the demo customer's city. */
const SMALL_CITY_CODES = ['RUH', 'JED', 'MKK', 'DMM', 'KHB', 'DXB', 'KWI'];

/** Text-free crops of the photographs: the storefront sets the title over them as live text. */
const SUPER_BANNERS: Array<Record<Lang, string> & { photo: string; to: string }> = [
  {
    en: 'New in: laptops, monitors and more',
    ar: 'وصل حديثًا: حواسيب وشاشات والمزيد',
    photo: 'derick-david-409858',
    to: '/products/c/electronics',
  },
  {
    en: 'Up to 30% off running shoes',
    ar: 'خصومات حتى ٣٠٪ على أحذية الجري',
    photo: 'chuttersnap-584518',
    to: '/products/c/footwear/running-shoes',
  },
];

const POLICIES: Record<PolicyType, Record<Lang, { title: string; paragraphs: string[] }>> = {
  privacy: {
    en: {
      title: 'Privacy policy',
      paragraphs: [
        'We respect your privacy. This policy explains what personal data we collect when you shop with us, why we collect it and how we protect it, in line with the Personal Data Protection Law of the Kingdom of Saudi Arabia.',
        'We collect your name, email address, mobile number and delivery address to process your orders, deliver them and contact you about them. Payment card details are handled by our licensed payment providers and are never stored on our servers.',
        'We share your data only with the parties needed to fulfil your order, such as delivery companies and payment providers. We never sell your personal data.',
        'You may request a copy of your data, its correction or its deletion at any time by contacting our customer service.',
      ],
    },
    ar: {
      title: 'سياسة الخصوصية',
      paragraphs: [
        'نحترم خصوصيتك. توضح هذه السياسة البيانات الشخصية التي نجمعها عند تسوقك معنا وسبب جمعها وكيفية حمايتها، وفقًا لنظام حماية البيانات الشخصية في المملكة العربية السعودية.',
        'نجمع اسمك وبريدك الإلكتروني ورقم جوالك وعنوان التوصيل لمعالجة طلباتك وتوصيلها والتواصل معك بشأنها. تتولى بيانات البطاقات جهات دفع مرخّصة، ولا نحتفظ بها على خوادمنا إطلاقًا.',
        'لا نشارك بياناتك إلا مع الجهات اللازمة لتنفيذ طلبك، مثل شركات الشحن ومزودي خدمات الدفع، ولا نبيع بياناتك الشخصية أبدًا.',
        'يحق لك طلب نسخة من بياناتك أو تصحيحها أو حذفها في أي وقت بالتواصل مع خدمة العملاء.',
      ],
    },
  },
  usage: {
    en: {
      title: 'Terms of use',
      paragraphs: [
        'By using this website you agree to these terms. Please read them carefully before placing an order.',
        'All prices are in Saudi riyals and include 15% value added tax. We try to keep product information and prices accurate; if an error occurs we will contact you before your order is processed.',
        'An order is confirmed once payment is received or, for cash on delivery, once we confirm it by message. We may cancel orders that look fraudulent or that exceed reasonable household quantities.',
        'These terms are governed by the laws of the Kingdom of Saudi Arabia.',
      ],
    },
    ar: {
      title: 'شروط الاستخدام',
      paragraphs: [
        'باستخدامك هذا الموقع فإنك توافق على هذه الشروط، لذا يرجى قراءتها بعناية قبل إتمام الطلب.',
        'جميع الأسعار بالريال السعودي وتشمل ضريبة القيمة المضافة بنسبة ١٥٪. نحرص على دقة معلومات المنتجات وأسعارها، وفي حال وقوع خطأ سنتواصل معك قبل تنفيذ طلبك.',
        'يُعد الطلب مؤكدًا بعد استلام الدفع، أو بعد تأكيده برسالة منا في حال الدفع عند الاستلام. يحق لنا إلغاء الطلبات المشتبه بها أو التي تتجاوز الكميات المعتادة للاستخدام الشخصي.',
        'تخضع هذه الشروط لأنظمة المملكة العربية السعودية.',
      ],
    },
  },
  warranty: {
    en: {
      title: 'Warranty policy',
      paragraphs: [
        'All our products are original and covered against manufacturing defects.',
        'Electronics and cameras carry a two-year warranty and furniture a one-year warranty from the delivery date, unless the product page states otherwise. Shoes and sports equipment are covered against manufacturing defects for 30 days.',
        'The warranty does not cover damage caused by misuse, use against the instructions, or normal wear and tear.',
        'To make a claim, contact customer service with your order number and photos of the defect; we will repair or replace the product or refund you.',
      ],
    },
    ar: {
      title: 'سياسة الضمان',
      paragraphs: [
        'جميع منتجاتنا أصلية ومضمونة ضد عيوب التصنيع.',
        'تتمتع الأجهزة الإلكترونية والكاميرات بضمان لمدة سنتين والأثاث بضمان لمدة سنة من تاريخ الاستلام ما لم تذكر صفحة المنتج غير ذلك، وتُضمن الأحذية والمعدات الرياضية ضد عيوب التصنيع لمدة ٣٠ يومًا.',
        'لا يشمل الضمان الأضرار الناتجة عن سوء الاستخدام أو الاستخدام بخلاف التعليمات أو الاستهلاك الطبيعي.',
        'لتقديم طلب ضمان تواصل مع خدمة العملاء مع رقم الطلب وصور للعيب، وسنقوم بإصلاح المنتج أو استبداله أو استرداد المبلغ.',
      ],
    },
  },
  exchange: {
    en: {
      title: 'Exchange and return policy',
      paragraphs: [
        'You can exchange or return products within 7 days of delivery, in line with the e-commerce regulations of the Kingdom of Saudi Arabia.',
        'Products must be unused, in their original packaging and with their tags attached. Live plants and opened software or memory cards cannot be returned.',
        'Refunds are made to the original payment method within 14 days of receiving the returned product. Cash on delivery orders are refunded by bank transfer.',
        'Returns are free when the product is defective or differs from what you ordered; otherwise a return shipping fee of 25 SAR applies.',
      ],
    },
    ar: {
      title: 'سياسة الاستبدال والاسترجاع',
      paragraphs: [
        'يمكنك استبدال المنتجات أو استرجاعها خلال ٧ أيام من تاريخ الاستلام، وفقًا لنظام التجارة الإلكترونية في المملكة العربية السعودية.',
        'يشترط أن يكون المنتج غير مستخدم وفي تغليفه الأصلي مع بطاقاته. لا يمكن استرجاع النباتات الحية ولا البرامج وبطاقات الذاكرة بعد فتحها.',
        'يُعاد المبلغ إلى وسيلة الدفع الأصلية خلال ١٤ يومًا من استلامنا للمنتج المرتجع، وتُسترد مبالغ طلبات الدفع عند الاستلام بتحويل بنكي.',
        'الاسترجاع مجاني إذا كان المنتج معيبًا أو مختلفًا عما طلبته، وفي غير ذلك تُحتسب رسوم شحن للإرجاع قدرها ٢٥ ريالًا.',
      ],
    },
  },
};

const FAQS: Record<Lang, Array<[string, string]>> = {
  en: [
    [
      'How long does delivery take?',
      'Orders arrive within 2 to 5 working days in the main Saudi cities and within 7 working days elsewhere.',
    ],
    ['How much does shipping cost?', 'Shipping is free on orders over 300 SAR. Below that, standard shipping costs 25 SAR.'],
    ['Which payment methods do you accept?', 'mada, Visa, MasterCard, Tabby and Tamara installments, and cash on delivery.'],
    ['Can I pay cash on delivery?', 'Yes, for orders up to 1,000 SAR. A 15 SAR cash on delivery fee applies.'],
    ['How do I return a product?', 'Contact us within 7 days of delivery. The product must be unused and in its original packaging.'],
    ['When will I receive my refund?', 'Within 14 days of receiving the returned product, to your original payment method.'],
    ['How can I track my order?', 'Open "My orders" in your account; you will also receive a text message when the order ships.'],
    ['Do you deliver outside Saudi Arabia?', 'Yes, we deliver to the UAE, Kuwait, Bahrain, Qatar and Oman.'],
  ],
  ar: [
    ['كم تستغرق مدة التوصيل؟', 'تصل الطلبات خلال ٢ إلى ٥ أيام عمل في المدن الرئيسية بالمملكة، وخلال ٧ أيام عمل في المناطق الأخرى.'],
    ['كم تبلغ تكلفة الشحن؟', 'الشحن مجاني للطلبات التي تزيد عن ٣٠٠ ريال، وتبلغ تكلفة الشحن العادي ٢٥ ريالًا لما دون ذلك.'],
    ['ما طرق الدفع المتاحة؟', 'مدى وفيزا وماستركارد، والتقسيط عبر تابي وتمارا، والدفع عند الاستلام.'],
    ['هل يمكنني الدفع عند الاستلام؟', 'نعم، للطلبات حتى ١٠٠٠ ريال، مع رسوم قدرها ١٥ ريالًا.'],
    ['كيف أسترجع منتجًا؟', 'تواصل معنا خلال ٧ أيام من الاستلام، ويشترط أن يكون المنتج غير مستخدم وفي تغليفه الأصلي.'],
    ['متى أسترد المبلغ؟', 'خلال ١٤ يومًا من استلامنا للمنتج المرتجع، إلى وسيلة الدفع الأصلية.'],
    ['كيف أتتبع طلبي؟', 'من صفحة "طلباتي" في حسابك، كما تصلك رسالة نصية عند شحن الطلب.'],
    ['هل توصلون خارج المملكة؟', 'نعم، نوصل إلى الإمارات والكويت والبحرين وقطر وعُمان.'],
  ],
};

const SOCIAL_LINKS: Array<[string, string]> = [
  ['instagram', 'https://www.instagram.com/example.store.sa'],
  ['x', 'https://x.com/example_store_sa'],
  ['tiktok', 'https://www.tiktok.com/@example.store.sa'],
  ['youtube', 'https://www.youtube.com/@examplestoresa'],
  ['snapchat', 'https://www.snapchat.com/add/examplestoresa'],
  ['whatsapp', 'https://wa.me/966500000000'],
];

/** The one banner with an external target (a payment partner's campaign page). */
export const INSTALLMENT_BANNER = {
  slug: 'home-bottom-installments',
  href: 'https://tabby.ai/',
  en: 'Split it in 4 with Tabby',
  ar: 'قسّمها على ٤ دفعات مع تابي',
};

export const SEED_ALERTS: Record<Lang, string> = {
  en: 'Free shipping on orders over 300 SAR',
  ar: 'شحن مجاني للطلبات فوق ٣٠٠ ريال',
};

function policyHtml(title: string, paragraphs: string[]) {
  return `<h2>${title}</h2>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`;
}

async function seedCities(seed: SeedContext, connection: TransactionalConnection) {
  const repo = connection.getRepository(seed.ctx, City);
  const tRepo = connection.getRepository(seed.ctx, CityTranslation);
  const rows = seed.size.small ? SEED_CITIES.filter((c) => SMALL_CITY_CODES.includes(c[0])) : SEED_CITIES;
  for (const [code, countryCode, en, ar] of rows) {
    if (await repo.findOne({ where: { code } })) continue;
    const city = await repo.save(new City({ code, countryCode }));
    await tRepo.save([
      new CityTranslation({ languageCode: LanguageCode.en, name: en, base: city }),
      new CityTranslation({ languageCode: LanguageCode.ar, name: ar, base: city }),
    ]);
  }
  return rows.length;
}

/**
 * Storefront content in Arabic and English (super banners, banners, policy pages, FAQs, social
 * links, header alert) and the delivery cities. Written straight through the content plugin's
 * entities. Idempotent per kind: skipped when rows of that kind exist.
 */
export const contentStep: SeedStep = {
  name: 'content',
  async run(seed) {
    const connection = seed.injector.get(TransactionalConnection);
    const repo = <T extends object>(e: new (...a: any[]) => T) => connection.getRepository(seed.ctx, e);
    const small = seed.size.small;

    const categories = Object.keys(seed.generated.facetValueIds)
      .filter((k) => k.startsWith('category:'))
      .map((k) => k.slice('category:'.length));
    const subCategories = Object.keys(seed.generated.facetValueIds)
      .filter((k) => k.startsWith('sub-category:'))
      .map((k) => k.slice('sub-category:'.length));
    const category = (i: number) => categories[i % Math.max(categories.length, 1)] ?? CATEGORIES[0].code;

    if ((await repo(SuperBanner).count()) === 0) {
      for (const lang of LANGS) {
        for (const [i, b] of SUPER_BANNERS.entries()) {
          const desktop = await createAssetFromBuffer(
            seed,
            await cropImage(b.photo, 1600, 600),
            `super-banner-${lang}-${i + 1}-desktop.jpg`,
          );
          const mobile = await createAssetFromBuffer(seed, await cropImage(b.photo, 800, 800), `super-banner-${lang}-${i + 1}-mobile.jpg`);
          await repo(SuperBanner).save(
            new SuperBanner({
              languageCode: lang as LanguageCode,
              assetId: desktop.id,
              mobileAssetId: mobile.id,
              redirectTo: b.to,
              title: b[lang],
              position: i,
              enabled: true,
            }),
          );
        }
      }
    }

    if ((await repo(Banner).count()) === 0) {
      const slots: Array<{ page: string; position: string; count: number }> = [
        { page: 'home', position: 'top', count: small ? 1 : 2 },
        { page: 'home', position: 'middle', count: small ? 1 : 3 },
        { page: 'home', position: 'bottom', count: small ? 1 : 2 },
        { page: 'category', position: 'top', count: small ? 1 : 2 },
      ];
      let k = 0;
      for (const lang of LANGS) {
        for (const slot of slots) {
          for (let i = 0; i < slot.count; i++) {
            k++;
            const cat = category(k);
            const def = CATEGORIES.find((c) => c.code === cat);
            const sub = subCategories[k % Math.max(subCategories.length, 1)];
            const subDef = def?.sub.find((s) => s.code === sub);
            const useSub = slot.page === 'category' && !!subDef && i % 2 === 1;
            const redirectTo = useSub ? `/products/c/${cat}/${sub}` : `/products/c/${cat}`;
            const label = useSub ? subDef : def;
            const title = lang === 'ar' ? `تسوّق ${label?.ar ?? cat}` : `Shop ${label?.en ?? cat}`;
            // a photograph of the target's products, another one for each banner
            const photos = (useSub ? [subDef] : (def?.sub ?? [])).flatMap((s) => s.items.map((item) => item.photo));
            const photo = photos[(k + i) % Math.max(photos.length, 1)] ?? SUPER_BANNERS[0].photo;
            const [w, h] = slot.position === 'top' ? [1200, 400] : [800, 800];
            const asset = await createAssetFromBuffer(
              seed,
              await captionedImage(photo, w, h, title),
              `banner-${slot.page}-${slot.position}-${lang}-${i + 1}.jpg`,
            );
            await repo(Banner).save(
              new Banner({
                page: slot.page,
                position: slot.position,
                languageCode: lang as LanguageCode,
                slug: `${slot.page}-${slot.position}-${i + 1}`,
                redirectTo,
                redirectToSlug: useSub ? sub : cat,
                title,
                assets: [asset],
                sortOrder: i,
                enabled: true,
              }),
            );
          }
        }
      }
    }

    for (const [type, byLang] of Object.entries(POLICIES) as Array<[PolicyType, (typeof POLICIES)[PolicyType]]>) {
      for (const lang of LANGS) {
        const exists = await repo(PolicyPage).findOne({ where: { type, languageCode: lang as LanguageCode } });
        if (exists) continue;
        const { title, paragraphs } = byLang[lang];
        await repo(PolicyPage).save(
          new PolicyPage({ type, languageCode: lang as LanguageCode, policy: title, content: policyHtml(title, paragraphs) }),
        );
      }
    }

    if ((await repo(Faq).count()) === 0) {
      for (const lang of LANGS) {
        await repo(Faq).save(
          FAQS[lang].map(
            ([title, content], i) => new Faq({ languageCode: lang as LanguageCode, title, content, sortOrder: i, enabled: true }),
          ),
        );
      }
    }

    if ((await repo(SocialLink).count()) === 0) {
      await repo(SocialLink).save(
        SOCIAL_LINKS.map(([platform, link], i) => new SocialLink({ platform, link, icon: platform, sortOrder: i })),
      );
    }

    if ((await repo(Alert).count()) === 0) {
      for (const lang of LANGS) {
        await repo(Alert).save(new Alert({ languageCode: lang as LanguageCode, name: SEED_ALERTS[lang], url: '/products', enabled: true }));
      }
    }

    if (!(await repo(Banner).findOne({ where: { slug: INSTALLMENT_BANNER.slug } }))) {
      // One external target, on a host of the storefront's banner allow-list (tabby.ai).
      for (const lang of LANGS) {
        const asset = await createAssetFromBuffer(
          seed,
          await captionedImage('nathan-fertig-249917', 1200, 400, INSTALLMENT_BANNER[lang]),
          `banner-home-bottom-installments-${lang}.jpg`,
        );
        await repo(Banner).save(
          new Banner({
            page: 'home',
            position: 'bottom',
            languageCode: lang as LanguageCode,
            slug: INSTALLMENT_BANNER.slug,
            redirectTo: INSTALLMENT_BANNER.href,
            redirectToSlug: null,
            title: INSTALLMENT_BANNER[lang],
            assets: [asset],
            sortOrder: 100,
            enabled: true,
          }),
        );
      }
    }

    const cities = await seedCities(seed, connection);
    seed.log(`content: banners, policies, FAQs, social links, alerts and ${cities} cities`);
  },
};

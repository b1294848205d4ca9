/**
 * The seeded catalogue (Arabic + English), shaped around the 54 photographs of Vendure's sample
 * catalogue (npm package `@vendure/create`, `assets/images/*.jpg`, Unsplash licence; photographers
 * credited in docs/catalogue.md). Every product names the photograph it shows (`photo`, the file
 * name without `-unsplash.jpg`); server/src/seed/catalogue/images.ts reads it from node_modules.
 *
 * Codes are stable: the storefront links /products/c/{categoryCode}; tests read them from here.
 */

export interface Tr {
  en: string;
  ar: string;
}

/** Option sets a product's sizes come from (the option group is named after the set). */
export type SizeSet = 'shoes' | 'gloves' | 'screen' | 'monitor' | 'frame' | 'memory' | 'capacity';

export interface ItemDef extends Tr {
  /** photograph: file name in @vendure/create/assets/images without "-unsplash.jpg" */
  photo: string;
  /** how the square product image is cut: 'cover' (default, crop around the subject) or 'contain' (whole photo on a blurred copy of itself) */
  fit?: 'cover' | 'contain';
  brand: string;
  /** regular price in SAR, VAT included */
  price: number;
  /** colour codes (COLORS): the first is the colour of the photograph; two or more = a colour option */
  colors: string[];
  sizes?: SizeSet;
  /** first sentence of the description and two selling points */
  about: Tr;
  points: [Tr, Tr];
}

export interface SubCategoryDef extends Tr {
  code: string;
  items: ItemDef[];
}

export interface CategoryDef extends Tr {
  code: string;
  sub: SubCategoryDef[];
}

export const CATEGORIES: CategoryDef[] = [
  {
    code: 'footwear',
    en: 'Footwear',
    ar: 'الأحذية',
    sub: [
      {
        code: 'running-shoes',
        en: 'Running Shoes',
        ar: 'أحذية الجري',
        items: [
          {
            photo: 'chuttersnap-584518',
            en: 'Cushioned Running Shoes',
            ar: 'حذاء جري بنعل مبطّن',
            brand: 'khatwa',
            price: 549,
            colors: ['blue', 'pink'],
            sizes: 'shoes',
            about: {
              en: 'A springy, cushioned sole that gives energy back on every stride of the long run.',
              ar: 'نعل مرن ومبطّن يعيد إليك الطاقة مع كل خطوة في الجري الطويل.',
            },
            points: [
              { en: 'Knitted upper that breathes', ar: 'جزء علوي منسوج يسمح بمرور الهواء' },
              { en: 'Grippy rubber outsole', ar: 'نعل خارجي مطاطي متماسك' },
            ],
          },
          {
            photo: 'imani-clovis-234736',
            en: 'Flexible Running Shoes',
            ar: 'حذاء جري مرن',
            brand: 'khatwa',
            price: 459,
            colors: ['black', 'white'],
            sizes: 'shoes',
            about: {
              en: 'Bends with your foot like running barefoot, for short fast runs and the gym.',
              ar: 'ينثني مع قدمك كأنك تجري حافيًا، للجري السريع القصير والنادي.',
            },
            points: [
              { en: 'Weighs 220 g', ar: 'وزنه ٢٢٠ جرامًا' },
              { en: 'Sock-like fit', ar: 'يلتف حول القدم كالجورب' },
            ],
          },
          {
            photo: 'thomas-serer-420833',
            en: 'Lightweight Knit Running Shoes',
            ar: 'حذاء جري منسوج خفيف',
            brand: 'khatwa',
            price: 429,
            colors: ['white', 'black'],
            sizes: 'shoes',
            about: {
              en: 'A stretchy knit upper and a wide landing zone for runs on pavements and kerbs.',
              ar: 'جزء علوي منسوج مطاطي ومنطقة هبوط عريضة للجري على الأرصفة والطرقات.',
            },
            points: [
              { en: 'Heel plate for stability', ar: 'دعامة في الكعب للثبات' },
              { en: 'Machine washable', ar: 'قابل للغسل في الغسالة' },
            ],
          },
          {
            photo: 'nikolai-chernichenko-1299748',
            en: 'Everyday Mesh Trainers',
            ar: 'حذاء رياضي شبكي يومي',
            brand: 'rakdh',
            price: 249,
            colors: ['black', 'grey'],
            sizes: 'shoes',
            about: {
              en: 'Airy mesh and a cushioned midsole for walks, errands and light training.',
              ar: 'شبك يسمح بمرور الهواء ونعل أوسط مبطّن للمشي والمشاوير والتمارين الخفيفة.',
            },
            points: [
              { en: 'Durable rubber outsole', ar: 'نعل مطاطي متين' },
              { en: 'Padded collar', ar: 'حافة مبطنة حول الكاحل' },
            ],
          },
        ],
      },
      {
        code: 'sneakers',
        en: 'Sneakers',
        ar: 'الأحذية الكاجوال',
        items: [
          {
            photo: 'xavier-teo-469050',
            en: 'High-Top Basketball Shoes',
            ar: 'حذاء كرة سلة برقبة عالية',
            brand: 'khatwa',
            price: 599,
            colors: ['white', 'black'],
            sizes: 'shoes',
            about: {
              en: 'Ankle support and a cushioned heel for the court, a clean look off it.',
              ar: 'دعم للكاحل وكعب مبطّن داخل الملعب، ومظهر أنيق خارجه.',
            },
            points: [
              { en: 'Leather and mesh upper', ar: 'جزء علوي من الجلد والشبك' },
              { en: 'Herringbone traction', ar: 'نعل متعرج للتماسك' },
            ],
          },
          {
            photo: 'mitch-lensink-256007',
            en: 'Canvas High-Top Sneakers',
            ar: 'حذاء قماشي برقبة عالية',
            brand: 'rakdh',
            price: 279,
            colors: ['black', 'white', 'red'],
            sizes: 'shoes',
            about: {
              en: 'The canvas classic that goes with jeans, shorts and a Friday thobe alike.',
              ar: 'الحذاء القماشي الكلاسيكي الذي يناسب الجينز والشورت وثوب الجمعة أيضًا.',
            },
            points: [
              { en: 'Vulcanised rubber sole', ar: 'نعل مطاطي مقوّى' },
              { en: 'Cotton canvas upper', ar: 'جزء علوي من قماش القطن' },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'electronics',
    en: 'Electronics',
    ar: 'الإلكترونيات',
    sub: [
      {
        code: 'computers',
        en: 'Laptops & Tablets',
        ar: 'حواسيب محمولة وأجهزة لوحية',
        items: [
          {
            photo: 'kelly-sikkema-685291',
            en: '11-inch Tablet with Pen',
            ar: 'جهاز لوحي ١١ بوصة مع قلم',
            brand: 'sadeem',
            price: 2199,
            colors: ['silver', 'grey'],
            about: {
              en: 'Take notes by hand, sketch and read on a bright 11-inch screen that goes everywhere.',
              ar: 'دوّن ملاحظاتك بخط يدك وارسم واقرأ على شاشة مشرقة مقاس ١١ بوصة ترافقك أينما ذهبت.',
            },
            points: [
              { en: 'Pen included, magnetically attached', ar: 'القلم مرفق ويثبت مغناطيسيًا' },
              { en: '128 GB storage', ar: 'سعة تخزين ١٢٨ جيجابايت' },
            ],
          },
          {
            photo: 'derick-david-409858',
            fit: 'contain',
            en: 'Slim Aluminium Laptop',
            ar: 'حاسوب محمول نحيف من الألمنيوم',
            brand: 'sadeem',
            price: 4299,
            colors: ['silver', 'grey'],
            sizes: 'screen',
            about: {
              en: 'A light laptop with an all-day battery and a sharp display, for study, work and travel.',
              ar: 'حاسوب خفيف ببطارية تدوم يوم العمل كاملًا وشاشة واضحة، للدراسة والعمل والسفر.',
            },
            points: [
              { en: 'Fast SSD storage and 16 GB of memory', ar: 'تخزين SSD سريع وذاكرة ١٦ جيجابايت' },
              { en: 'Arabic and English backlit keyboard', ar: 'لوحة مفاتيح مضيئة بالعربية والإنجليزية' },
            ],
          },
          {
            photo: 'florian-olivo-1166419',
            en: 'Gaming Desktop PC',
            ar: 'حاسوب مكتبي للألعاب',
            brand: 'sadeem',
            price: 6499,
            colors: ['black'],
            about: {
              en: 'A tower built for today’s games and VR, with a quiet cooling system and room to upgrade.',
              ar: 'جهاز مكتبي مصمم لألعاب اليوم والواقع الافتراضي، بتبريد هادئ ومساحة للترقية.',
            },
            points: [
              { en: '8-core processor and dedicated graphics card', ar: 'معالج ثماني النوى وبطاقة رسومات مستقلة' },
              { en: 'Tempered glass side panel with lighting', ar: 'جانب زجاجي مقوّى بإضاءة' },
            ],
          },
        ],
      },
      {
        code: 'monitors',
        en: 'Monitors',
        ar: 'الشاشات',
        items: [
          {
            photo: 'alexandru-acea-686569',
            en: 'Curved Monitor',
            ar: 'شاشة منحنية',
            brand: 'sadeem',
            price: 749,
            colors: ['black', 'white'],
            sizes: 'monitor',
            about: {
              en: 'A deep curve that wraps the picture around you, easier on the eyes through long working days.',
              ar: 'انحناء عميق يحيطك بالصورة ويريح العين خلال ساعات العمل الطويلة.',
            },
            points: [
              { en: 'Full HD, 75 Hz refresh rate', ar: 'دقة Full HD ومعدل تحديث ٧٥ هرتز' },
              { en: 'Thin bezels for a two-screen desk', ar: 'حواف رفيعة تناسب مكتبًا بشاشتين' },
            ],
          },
          {
            photo: 'daniel-korpai-1302051',
            en: '32-inch 4K Monitor',
            ar: 'شاشة 4K مقاس ٣٢ بوصة',
            brand: 'ufuq',
            price: 1499,
            colors: ['black'],
            about: {
              en: 'Four times the detail of Full HD: more room for documents, spreadsheets and photo editing.',
              ar: 'تفاصيل تعادل أربعة أضعاف دقة Full HD: مساحة أوسع للمستندات والجداول وتحرير الصور.',
            },
            points: [
              { en: 'Ultra HD 3840 × 2160', ar: 'دقة فائقة ٣٨٤٠ × ٢١٦٠' },
              { en: 'Height-adjustable stand', ar: 'حامل قابل لتعديل الارتفاع' },
            ],
          },
        ],
      },
      {
        code: 'accessories',
        en: 'Computer Accessories',
        ar: 'ملحقات الحاسب',
        items: [
          {
            photo: 'oscar-ivan-esquivel-arteaga-687447',
            en: 'Wireless Mouse',
            ar: 'فأرة لاسلكية',
            brand: 'ufuq',
            price: 79,
            colors: ['black', 'grey', 'blue'],
            about: {
              en: 'A small, quiet mouse that connects in seconds and runs for a year on one battery.',
              ar: 'فأرة صغيرة وهادئة تتصل خلال ثوانٍ وتعمل عامًا كاملًا ببطارية واحدة.',
            },
            points: [
              { en: 'Nano receiver stored inside', ar: 'مستقبل صغير يُحفظ داخل الفأرة' },
              { en: 'For left and right hands', ar: 'تناسب اليد اليمنى واليسرى' },
            ],
          },
          {
            photo: 'juan-gomez-674574',
            en: 'Mechanical Keyboard',
            ar: 'لوحة مفاتيح ميكانيكية',
            brand: 'ufuq',
            price: 349,
            colors: ['black'],
            about: {
              en: 'Crisp mechanical switches with a satisfying click and colourful keycaps.',
              ar: 'مفاتيح ميكانيكية بنقرة واضحة ممتعة وأغطية مفاتيح ملونة.',
            },
            points: [
              { en: 'Arabic and English legends', ar: 'حروف عربية وإنجليزية' },
              { en: 'Detachable USB-C cable', ar: 'كيبل USB-C قابل للفصل' },
            ],
          },
          {
            photo: 'liam-briese-1128307',
            en: 'DDR4 Memory Kit',
            ar: 'طقم ذاكرة DDR4',
            brand: 'sadeem',
            price: 299,
            colors: ['black'],
            sizes: 'memory',
            about: {
              en: 'Give an older PC a second life: more memory for more open tabs and smoother games.',
              ar: 'امنح حاسوبك حياة جديدة: ذاكرة أكبر لمزيد من النوافذ المفتوحة وألعاب أكثر سلاسة.',
            },
            points: [
              { en: 'Aluminium heat spreader', ar: 'مشتت حرارة من الألمنيوم' },
              { en: '3200 MHz, two modules per kit', ar: 'سرعة ٣٢٠٠ ميجاهرتز، شريحتان في الطقم' },
            ],
          },
          {
            photo: 'vincent-botta-736919',
            en: 'Internal Hard Drive',
            ar: 'قرص صلب داخلي',
            brand: 'sadeem',
            price: 249,
            colors: ['silver'],
            sizes: 'capacity',
            about: {
              en: 'Room for years of photos and videos inside your desktop computer.',
              ar: 'مساحة تتسع لصور ومقاطع سنوات داخل حاسوبك المكتبي.',
            },
            points: [
              { en: '3.5-inch SATA, 7200 rpm', ar: 'مقاس ٣٫٥ بوصة بمنفذ SATA وسرعة ٧٢٠٠ دورة' },
              { en: 'Two-year warranty', ar: 'ضمان لمدة سنتين' },
            ],
          },
          {
            photo: 'thomas-q-1229169',
            en: 'Cat 6 Network Cable, 5 m',
            ar: 'كيبل شبكة Cat 6 بطول ٥ أمتار',
            brand: 'ufuq',
            price: 39,
            colors: ['blue'],
            about: {
              en: 'A steady wired connection for the console, the TV or the office computer.',
              ar: 'اتصال سلكي ثابت لجهاز الألعاب أو التلفاز أو حاسوب المكتب.',
            },
            points: [
              { en: 'Up to 10 Gbit/s', ar: 'سرعة تصل إلى ١٠ جيجابت في الثانية' },
              { en: 'Plugs with bend protection', ar: 'رؤوس محمية من الانثناء' },
            ],
          },
          {
            photo: 'adam-birkett-239153',
            en: 'Braided USB Cable',
            ar: 'كيبل USB مجدول',
            brand: 'ufuq',
            price: 59,
            colors: ['white'],
            about: {
              en: 'A tough braided cable for charging and data that survives the bag and the car.',
              ar: 'كيبل مجدول متين للشحن ونقل البيانات يتحمل الحقيبة والسيارة.',
            },
            points: [
              { en: 'Fast charging up to 60 W', ar: 'شحن سريع حتى ٦٠ واط' },
              { en: '1.5 m long', ar: 'بطول ١٫٥ متر' },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'cameras',
    en: 'Cameras',
    ar: 'الكاميرات',
    sub: [
      {
        code: 'digital-cameras',
        en: 'Digital Cameras',
        ar: 'كاميرات رقمية',
        items: [
          {
            photo: 'robert-shunev-528016',
            en: 'Retro Mirrorless Camera',
            ar: 'كاميرا بدون مرآة بتصميم كلاسيكي',
            brand: 'lamha',
            price: 2899,
            colors: ['silver'],
            about: {
              en: 'Classic dials on the outside, a 24-megapixel sensor on the inside.',
              ar: 'أقراص تحكم كلاسيكية من الخارج، ومستشعر ٢٤ ميجابكسل من الداخل.',
            },
            points: [
              { en: 'Interchangeable lenses', ar: 'عدسات قابلة للتبديل' },
              { en: '6 frames per second', ar: '٦ لقطات في الثانية' },
            ],
          },
          {
            photo: 'patrick-brinksma-663044',
            en: 'Compact Digital Camera',
            ar: 'كاميرا رقمية مدمجة',
            brand: 'lamha',
            price: 3599,
            colors: ['black', 'silver'],
            about: {
              en: 'A pocket camera with fast eye autofocus and 4K video, for trips and family moments.',
              ar: 'كاميرا جيب بتركيز تلقائي سريع على العين وتصوير فيديو 4K، للرحلات ولحظات العائلة.',
            },
            points: [
              { en: '24-200 mm zoom lens', ar: 'عدسة زووم ٢٤-٢٠٠ مم' },
              { en: 'Flip screen for selfies and vlogging', ar: 'شاشة قلّابة للسيلفي وصناعة المحتوى' },
            ],
          },
          {
            photo: 'eniko-kis-663725',
            en: 'Instant Camera',
            ar: 'كاميرا فورية',
            brand: 'lamha',
            price: 399,
            colors: ['white', 'black'],
            about: {
              en: 'Point, shoot and hold the print a minute later: the camera for Eid gatherings and graduations.',
              ar: 'صوّر وامسك الصورة مطبوعة بعد دقيقة: كاميرا جلسات العيد وحفلات التخرج.',
            },
            points: [
              { en: 'Built-in flash', ar: 'فلاش مدمج' },
              { en: 'Uses instant film packs', ar: 'تعمل بأفلام الطباعة الفورية' },
            ],
          },
        ],
      },
      {
        code: 'film-cameras',
        en: 'Film & Classic Cameras',
        ar: 'كاميرات الأفلام الكلاسيكية',
        items: [
          {
            photo: 'chuttersnap-324234',
            en: 'Classic 35 mm SLR Camera',
            ar: 'كاميرا عاكسة كلاسيكية ٣٥ مم',
            brand: 'athar',
            price: 1290,
            colors: ['silver'],
            about: {
              en: 'A restored film SLR from the sixties with a bright 50 mm f/1.4 lens.',
              ar: 'كاميرا أفلام عاكسة من الستينيات بعد ترميمها، مع عدسة ٥٠ مم بفتحة f/1.4.',
            },
            points: [
              { en: 'Checked and cleaned by our technicians', ar: 'فحصها ونظفها فنيونا' },
              { en: 'Lens cap and UV filter included', ar: 'غطاء العدسة وفلتر UV مرفقان' },
            ],
          },
          {
            photo: 'alexander-andrews-260988',
            en: 'Twin-Lens Reflex Camera',
            ar: 'كاميرا بعدستين عاكسة',
            brand: 'athar',
            price: 2450,
            colors: ['black'],
            about: {
              en: 'Look down into the viewfinder and compose square pictures on medium-format film.',
              ar: 'انظر من أعلى إلى محدد المنظر والتقط صورًا مربعة على أفلام متوسطة الحجم.',
            },
            points: [
              { en: '120 roll film', ar: 'تعمل بأفلام ١٢٠' },
              { en: 'Leather carrying case', ar: 'حقيبة حمل جلدية' },
            ],
          },
          {
            photo: 'jakob-owens-274337',
            en: 'Pocket Film Camera',
            ar: 'كاميرا أفلام صغيرة',
            brand: 'athar',
            price: 189,
            colors: ['black'],
            about: {
              en: 'A simple point-and-shoot for your first roll of film, with a built-in flash.',
              ar: 'كاميرا بسيطة تصوّر بضغطة واحدة لأول فيلم لك، مع فلاش مدمج.',
            },
            points: [
              { en: 'Fixed focus, nothing to set', ar: 'تركيز ثابت دون إعدادات' },
              { en: 'Fits in a jacket pocket', ar: 'تتسع لها جيب السترة' },
            ],
          },
          {
            photo: 'jonathan-talbert-697262',
            en: 'Vintage Folding Camera',
            ar: 'كاميرا قابلة للطي عتيقة',
            brand: 'athar',
            price: 650,
            colors: ['black'],
            about: {
              en: 'A collector’s piece from the 1930s with its bellows intact: a talking point on any shelf.',
              ar: 'قطعة لهواة الاقتناء من ثلاثينيات القرن الماضي بمنفاخها الأصلي، تلفت الأنظار على أي رف.',
            },
            points: [
              { en: 'For display, not for shooting', ar: 'للعرض وليست للتصوير' },
              { en: 'Comes with a wooden stand', ar: 'مع قاعدة عرض خشبية' },
            ],
          },
        ],
      },
      {
        code: 'lenses-tripods',
        en: 'Lenses & Tripods',
        ar: 'العدسات والحوامل',
        items: [
          {
            photo: 'brandi-redd-104140',
            en: '70-300 mm Zoom Lens',
            ar: 'عدسة زووم ٧٠-٣٠٠ مم',
            brand: 'lamha',
            price: 1150,
            colors: ['black'],
            about: {
              en: 'Bring the falcon, the match and the far dune close, with multi-coated glass against flare.',
              ar: 'قرّب الصقر والمباراة والكثيب البعيد، بزجاج متعدد الطبقات يقاوم الانعكاسات.',
            },
            points: [
              { en: 'Fits digital and film SLRs', ar: 'تناسب الكاميرات العاكسة الرقمية والفيلمية' },
              { en: 'Lens hood included', ar: 'غطاء الإضاءة مرفق' },
            ],
          },
          {
            photo: 'zoltan-tasi-423051',
            en: 'Lightweight Travel Tripod',
            ar: 'حامل ثلاثي خفيف للسفر',
            brand: 'lamha',
            price: 229,
            colors: ['black', 'red'],
            about: {
              en: 'Steady long exposures and group photos; folds down to fit in a backpack.',
              ar: 'لقطات ثابتة بتعريض طويل وصور جماعية، وينطوي ليتسع في حقيبة الظهر.',
            },
            points: [
              { en: 'Height from 40 to 150 cm', ar: 'ارتفاع من ٤٠ إلى ١٥٠ سم' },
              { en: 'Quick-release plate', ar: 'قاعدة تثبيت سريعة الفك' },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'sports',
    en: 'Sports & Outdoors',
    ar: 'الرياضة والرحلات',
    sub: [
      {
        code: 'fitness',
        en: 'Fitness & Boxing',
        ar: 'اللياقة والملاكمة',
        items: [
          {
            photo: 'stoica-ionela-530966',
            en: 'Speed Skipping Rope',
            ar: 'حبل قفز سريع',
            brand: 'tuwaiq',
            price: 45,
            colors: ['red'],
            about: {
              en: 'Ten minutes a day for stamina; the ball-bearing handles keep the rope from tangling.',
              ar: 'عشر دقائق يوميًا للياقة أعلى، ومقابض بمحامل كروية تمنع تشابك الحبل.',
            },
            points: [
              { en: 'Adjustable length', ar: 'طول قابل للتعديل' },
              { en: 'Foam grips', ar: 'مقابض إسفنجية' },
            ],
          },
          {
            photo: 'neonbrand-428982',
            en: 'Leather Boxing Gloves',
            ar: 'قفازات ملاكمة جلدية',
            brand: 'tuwaiq',
            price: 279,
            colors: ['red', 'black'],
            sizes: 'gloves',
            about: {
              en: 'Layered foam padding for bag work and sparring, with a wide wrist strap.',
              ar: 'حشوة إسفنجية متعددة الطبقات للتدريب على الكيس والنزالات، مع رباط معصم عريض.',
            },
            points: [
              { en: 'Genuine leather outer', ar: 'جلد طبيعي من الخارج' },
              { en: 'Breathable palm', ar: 'باطن يسمح بمرور الهواء' },
            ],
          },
        ],
      },
      {
        code: 'balls',
        en: 'Balls & Team Sports',
        ar: 'الكرات والألعاب الجماعية',
        items: [
          {
            photo: 'nik-shuliahin-619349',
            en: 'Match Football',
            ar: 'كرة قدم للمباريات',
            brand: 'hadaf',
            price: 149,
            colors: ['white'],
            about: {
              en: 'A size 5 ball with a true flight, for the neighbourhood pitch and the weekend league.',
              ar: 'كرة مقاس ٥ بمسار طيران ثابت، لملعب الحي ودوري نهاية الأسبوع.',
            },
            points: [
              { en: 'Thermally bonded panels', ar: 'ألواح ملتصقة حراريًا' },
              { en: 'For grass and artificial turf', ar: 'للعشب الطبيعي والصناعي' },
            ],
          },
          {
            photo: 'tommy-bebo-600358',
            en: 'Outdoor Basketball',
            ar: 'كرة سلة للملاعب الخارجية',
            brand: 'hadaf',
            price: 119,
            colors: ['orange'],
            about: {
              en: 'A grippy rubber cover made for concrete courts and evening games.',
              ar: 'غلاف مطاطي متماسك مصنوع للملاعب الإسمنتية ومباريات المساء.',
            },
            points: [
              { en: 'Official size 7', ar: 'المقاس الرسمي ٧' },
              { en: 'Deep channels for control', ar: 'خطوط عميقة لتحكم أفضل' },
            ],
          },
          {
            photo: 'ben-hershey-574483',
            en: 'Tennis Balls, Can of 3',
            ar: 'كرات تنس، علبة من ٣ كرات',
            brand: 'hadaf',
            price: 35,
            colors: ['green'],
            about: {
              en: 'Pressurised balls with a lively bounce that last through hard-court sessions.',
              ar: 'كرات مضغوطة بارتداد حيوي تصمد طوال التدريب على الملاعب الصلبة.',
            },
            points: [
              { en: 'Extra-duty felt', ar: 'لباد عالي التحمل' },
              { en: 'Approved for tournaments', ar: 'معتمدة للبطولات' },
            ],
          },
        ],
      },
      {
        code: 'outdoor',
        en: 'Cycling & Camping',
        ar: 'الدراجات والتخييم',
        items: [
          {
            photo: 'mikkel-bech-748940',
            fit: 'contain',
            en: 'Carbon Road Bike',
            ar: 'دراجة طريق من الكربون',
            brand: 'tuwaiq',
            price: 8999,
            colors: ['black'],
            sizes: 'frame',
            about: {
              en: 'A full carbon frame and fork for early-morning rides on the Riyadh ring roads.',
              ar: 'إطار وشوكة من الكربون بالكامل لجولات الصباح الباكر على طرق الرياض.',
            },
            points: [
              { en: '22-speed groupset', ar: 'ناقل حركة بـ ٢٢ سرعة' },
              { en: 'Weighs 7.9 kg', ar: 'وزنها ٧٫٩ كجم' },
            ],
          },
          {
            photo: 'michael-guite-571169',
            en: 'Four-Person Dome Tent',
            ar: 'خيمة قبة لأربعة أشخاص',
            brand: 'rahhal',
            price: 699,
            colors: ['orange', 'green'],
            about: {
              en: 'Pitches in ten minutes for nights in the desert or by the sea, with a porch for your bags.',
              ar: 'تُنصب في عشر دقائق لليالي البر أو البحر، ولها مدخل مظلل يتسع للحقائب.',
            },
            points: [
              { en: 'Waterproof flysheet', ar: 'غطاء خارجي مقاوم للماء' },
              { en: 'Mesh panels against insects', ar: 'نوافذ شبكية تمنع الحشرات' },
            ],
          },
          {
            photo: 'max-tarkhov-737999',
            en: 'Cruiser Skateboard',
            ar: 'لوح تزلج كروزر',
            brand: 'rahhal',
            price: 259,
            colors: ['blue'],
            about: {
              en: 'Soft wheels and a short deck for cruising the corniche and the campus.',
              ar: 'عجلات لينة ولوح قصير للتنقل على الكورنيش وفي الحرم الجامعي.',
            },
            points: [
              { en: 'Maple deck', ar: 'لوح من خشب القيقب' },
              { en: 'Quiet 60 mm wheels', ar: 'عجلات هادئة مقاس ٦٠ مم' },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'home-garden',
    en: 'Home & Garden',
    ar: 'المنزل والحديقة',
    sub: [
      {
        code: 'furniture',
        en: 'Furniture',
        ar: 'الأثاث',
        items: [
          {
            photo: 'nathan-fertig-249917',
            fit: 'contain',
            en: 'Three-Seater Fabric Sofa',
            ar: 'كنبة قماش بثلاثة مقاعد',
            brand: 'majlis',
            price: 2899,
            colors: ['grey', 'beige'],
            about: {
              en: 'Deep seats filled with resilient foam and a cover that comes off for washing.',
              ar: 'مقاعد عميقة محشوة بإسفنج يستعيد شكله، وغطاء يُنزع للغسيل.',
            },
            points: [
              { en: '220 cm wide', ar: 'عرضها ٢٢٠ سم' },
              { en: 'Free delivery and assembly in Riyadh', ar: 'توصيل وتركيب مجاني في الرياض' },
            ],
          },
          {
            photo: 'paul-weaver-1120584',
            fit: 'contain',
            en: 'Leather Recliner Sofa',
            ar: 'كنبة جلدية بمساند قابلة للإمالة',
            brand: 'majlis',
            price: 4799,
            colors: ['brown'],
            about: {
              en: 'Tan leather, pocket-sprung cushions and a lever that reclines to any position.',
              ar: 'جلد بلون بني فاتح ووسائد بنوابض مستقلة، وذراع تميل بها إلى الوضع الذي تريده.',
            },
            points: [
              { en: 'Two reclining seats', ar: 'مقعدان قابلان للإمالة' },
              { en: 'Five-year frame warranty', ar: 'ضمان خمس سنوات على الهيكل' },
            ],
          },
          {
            photo: 'kari-shea-398668',
            en: 'Padded Armchair',
            ar: 'كرسي مبطن بذراعين',
            brand: 'majlis',
            price: 899,
            colors: ['grey', 'navy'],
            about: {
              en: 'A shaped back and a solid wood frame: the reading chair for the corner of the majlis.',
              ar: 'ظهر منحني وهيكل من الخشب الصلب: كرسي القراءة لركن المجلس.',
            },
            points: [
              { en: 'Solid beech legs', ar: 'أرجل من خشب الزان الصلب' },
              { en: 'Stain-resistant fabric', ar: 'قماش مقاوم للبقع' },
            ],
          },
          {
            photo: 'andres-jasso-220776',
            en: 'Black Bucket Chair',
            ar: 'كرسي أسود بمقعد مقعّر',
            brand: 'diwan',
            price: 349,
            colors: ['black'],
            about: {
              en: 'A bowl-shaped seat and rounded back that clicks together without tools.',
              ar: 'مقعد مقعّر وظهر مستدير، يُركّب بنقرة دون أدوات.',
            },
            points: [
              { en: 'Wipe-clean surface', ar: 'سطح يُمسح بسهولة' },
              { en: 'Indoor and covered terraces', ar: 'للداخل والجلسات المسقوفة' },
            ],
          },
          {
            photo: 'jean-philippe-delberghe-1400011',
            en: 'Café Chair',
            ar: 'كرسي مقهى',
            brand: 'diwan',
            price: 299,
            colors: ['mint', 'white'],
            about: {
              en: 'A light, stackable chair with a flexible seat, for the kitchen table or the café corner.',
              ar: 'كرسي خفيف قابل للتكديس بمقعد مرن، لطاولة المطبخ أو ركن القهوة.',
            },
            points: [
              { en: 'Stacks up to six', ar: 'يُكدّس حتى ستة كراسٍ' },
              { en: 'Steel legs', ar: 'أرجل من الفولاذ' },
            ],
          },
          {
            photo: 'florian-klauer-14840',
            en: 'White Wooden Chair',
            ar: 'كرسي خشبي أبيض',
            brand: 'diwan',
            price: 249,
            colors: ['white'],
            about: {
              en: 'A vintage-style painted chair that suits a child’s room or a party corner.',
              ar: 'كرسي مطلي بطابع عتيق يناسب غرفة الأطفال أو ركن الحفلات.',
            },
            points: [
              { en: 'Solid pine', ar: 'من خشب الصنوبر الصلب' },
              { en: 'Hand-painted finish', ar: 'طلاء يدوي' },
            ],
          },
          {
            photo: 'ruslan-bardash-351288',
            en: 'Solid Wood Stool',
            ar: 'مقعد خشبي صغير',
            brand: 'diwan',
            price: 149,
            colors: ['brown'],
            about: {
              en: 'A small stool that serves as a seat, a side table or a plant stand.',
              ar: 'مقعد صغير يصلح للجلوس أو طاولة جانبية أو حاملًا للنباتات.',
            },
            points: [
              { en: 'Oiled oak', ar: 'خشب بلوط مزيت' },
              { en: '45 cm high', ar: 'ارتفاعه ٤٥ سم' },
            ],
          },
          {
            photo: 'benjamin-voros-310026',
            en: 'Bedside Table',
            ar: 'طاولة بجانب السرير',
            brand: 'majlis',
            price: 399,
            colors: ['brown'],
            about: {
              en: 'Every piece is unique, with its own grain and natural colour shifts.',
              ar: 'كل قطعة فريدة بعروق خشبها وتدرجات لونها الطبيعية.',
            },
            points: [
              { en: 'One drawer with soft close', ar: 'درج واحد بإغلاق هادئ' },
              { en: 'Solid wood top', ar: 'سطح من الخشب الصلب' },
            ],
          },
          {
            photo: 'abel-y-costa-716024',
            en: 'Wooden Writing Desk',
            ar: 'مكتب كتابة خشبي',
            brand: 'majlis',
            price: 1190,
            colors: ['brown'],
            about: {
              en: 'A compact desk with drawer stops and hidden cable management for a tidy home office.',
              ar: 'مكتب صغير بأدراج لا تنزلق للخارج وتنظيم مخفي للأسلاك، لمكتب منزلي مرتب.',
            },
            points: [
              { en: '120 × 60 cm top', ar: 'سطح ١٢٠ × ٦٠ سم' },
              { en: 'Two drawers', ar: 'درجان' },
            ],
          },
        ],
      },
      {
        code: 'decor',
        en: 'Lighting & Decor',
        ar: 'الإضاءة والديكور',
        items: [
          {
            photo: 'pierre-chatel-innocenti-483198',
            en: 'Pendant Lamp Shade',
            ar: 'غطاء مصباح معلق',
            brand: 'majlis',
            price: 189,
            colors: ['white', 'black'],
            about: {
              en: 'A tapered shade with a silver inside that spreads the light across the dining table.',
              ar: 'غطاء مخروطي ببطانة فضية يوزع الضوء على طاولة الطعام.',
            },
            points: [
              { en: 'Ceiling or table lamp', ar: 'للسقف أو لمصباح الطاولة' },
              { en: 'Bulb not included', ar: 'المصباح غير مرفق' },
            ],
          },
          {
            photo: 'vincent-liu-525429',
            en: 'Stone Lion Statue',
            ar: 'تمثال أسد حجري',
            brand: 'majlis',
            price: 690,
            colors: ['grey'],
            about: {
              en: 'A hand-carved guardian for the entrance, the garden or the office.',
              ar: 'تمثال منحوت يدويًا يحرس المدخل أو الحديقة أو المكتب.',
            },
            points: [
              { en: 'Weather-resistant resin stone', ar: 'حجر صناعي مقاوم للعوامل الجوية' },
              { en: '40 cm high', ar: 'ارتفاعه ٤٠ سم' },
            ],
          },
        ],
      },
      {
        code: 'plants',
        en: 'Plants & Gardening',
        ar: 'النباتات والزراعة',
        items: [
          {
            photo: 'silvia-agrasar-227575',
            en: 'Aloe Vera in a Clay Pot',
            ar: 'صبار الألوفيرا في أصيص فخاري',
            brand: 'waha',
            price: 59,
            colors: ['green'],
            about: {
              en: 'The easiest plant to keep: it likes the sun, forgives a missed watering and soothes sunburn.',
              ar: 'أسهل نبتة في العناية: تحب الشمس وتتحمل نسيان الري، وعصارتها تلطّف حروق الشمس.',
            },
            points: [
              { en: 'Height about 35 cm', ar: 'ارتفاعها نحو ٣٥ سم' },
              { en: 'Water every two weeks', ar: 'تُروى كل أسبوعين' },
            ],
          },
          {
            photo: 'charles-deluvio-695736',
            en: 'Spiky Cactus',
            ar: 'نبتة صبار شوكية',
            brand: 'waha',
            price: 45,
            colors: ['green'],
            about: {
              en: 'A sculptural cactus for a sunny desk or window sill that asks for almost nothing.',
              ar: 'صبار بشكل منحوت لمكتب أو نافذة مشمسة، لا يطلب شيئًا تقريبًا.',
            },
            points: [
              { en: 'Ceramic pot included', ar: 'مع أصيص من السيراميك' },
              { en: 'Water once a month', ar: 'يُروى مرة في الشهر' },
            ],
          },
          {
            photo: 'annie-spratt-78044',
            en: 'Assorted Succulents, Set of 6',
            ar: 'تشكيلة نباتات عصارية، ٦ نبتات',
            brand: 'waha',
            price: 129,
            colors: ['green'],
            about: {
              en: 'Six small succulents in different shapes and colours, each with its own character.',
              ar: 'ست نبتات عصارية صغيرة بأشكال وألوان مختلفة، لكل منها طابعها.',
            },
            points: [
              { en: 'For bright window sills', ar: 'لحواف النوافذ المضيئة' },
              { en: 'A ready-made gift', ar: 'هدية جاهزة' },
            ],
          },
          {
            photo: 'zoltan-kovacs-642412',
            en: 'White Phalaenopsis Orchid',
            ar: 'زهرة أوركيد بيضاء',
            brand: 'waha',
            price: 189,
            colors: ['white'],
            about: {
              en: 'Elegant white flowers on tall stems that last for two months: a gift for a new home.',
              ar: 'أزهار بيضاء أنيقة على سيقان طويلة تدوم شهرين: هدية مثالية لبيت جديد.',
            },
            points: [
              { en: 'Two flowering stems', ar: 'ساقان مزهرتان' },
              { en: 'Indirect light, weekly watering', ar: 'ضوء غير مباشر وري أسبوعي' },
            ],
          },
          {
            photo: 'mark-tegethoff-667351',
            en: 'Bonsai Tree',
            ar: 'شجرة بونساي',
            brand: 'waha',
            price: 249,
            colors: ['green'],
            about: {
              en: 'A small semi-evergreen tree, shaped by hand, for a patient gardener.',
              ar: 'شجرة صغيرة شبه دائمة الخضرة، مشكّلة يدويًا، لمن يحب الزراعة بصبر.',
            },
            points: [
              { en: 'About eight years old', ar: 'عمرها نحو ثماني سنوات' },
              { en: 'Care guide in Arabic and English', ar: 'دليل عناية بالعربية والإنجليزية' },
            ],
          },
          {
            photo: 'caleb-george-536388',
            en: 'Tree Fern',
            ar: 'نبتة السرخس الشجري',
            brand: 'waha',
            price: 99,
            colors: ['green'],
            about: {
              en: 'Lush green fronds that bring a tropical corner into the living room.',
              ar: 'أوراق خضراء كثيفة تضفي ركنًا استوائيًا على غرفة المعيشة.',
            },
            points: [
              { en: 'Likes humidity and shade', ar: 'تحب الرطوبة والظل' },
              { en: 'Grows a slender trunk in time', ar: 'يتكون لها جذع رفيع مع الوقت' },
            ],
          },
          {
            photo: 'alex-rodriguez-santibanez-200278',
            en: 'Hanging Air Plant',
            ar: 'نبتة هوائية معلقة',
            brand: 'waha',
            price: 69,
            colors: ['green'],
            about: {
              en: 'A plant that needs no soil: hang it by a window and mist it twice a week.',
              ar: 'نبتة لا تحتاج إلى تربة: علّقها قرب النافذة ورشّها بالماء مرتين في الأسبوع.',
            },
            points: [
              { en: 'Hanger included', ar: 'مع علّاقة' },
              { en: 'Safe for pets', ar: 'آمنة على الحيوانات الأليفة' },
            ],
          },
          {
            photo: 'natalia-y-345738',
            en: 'Red Tulips in a Pot',
            ar: 'زهور توليب حمراء في أصيص',
            brand: 'waha',
            price: 79,
            colors: ['red'],
            about: {
              en: 'Crimson tulips with dark centres that open wide in the sun.',
              ar: 'زهور توليب قرمزية بقلوب داكنة تتفتح على اتساعها في الشمس.',
            },
            points: [
              { en: 'For balconies and borders', ar: 'للشرفات وأطراف الحديقة' },
              { en: 'Ten bulbs per pot', ar: 'عشرة أبصال في الأصيص' },
            ],
          },
          {
            photo: 'neslihan-gunaydin-3493',
            en: 'Garden Hand Trowel',
            ar: 'مجرفة يدوية للحديقة',
            brand: 'waha',
            price: 39,
            colors: ['grey'],
            about: {
              en: 'For repotting, planting bulbs and weeding the flower bed.',
              ar: 'لنقل النباتات إلى أصص جديدة وزراعة الأبصال وتنظيف أحواض الزهور.',
            },
            points: [
              { en: 'Rust-resistant coated head', ar: 'رأس مطلي مقاوم للصدأ' },
              { en: 'Wooden handle', ar: 'مقبض خشبي' },
            ],
          },
        ],
      },
    ],
  },
];

export interface BrandDef extends Tr {
  code: string;
}

/** Our own brands (no real trade marks): the names mean something in Arabic and read well in English. */
export const BRANDS: BrandDef[] = [
  { code: 'sadeem', en: 'Sadeem', ar: 'سديم' },
  { code: 'ufuq', en: 'Ufuq', ar: 'أفق' },
  { code: 'lamha', en: 'Lamha', ar: 'لمحة' },
  { code: 'athar', en: 'Athar', ar: 'أثر' },
  { code: 'tuwaiq', en: 'Tuwaiq', ar: 'طويق' },
  { code: 'hadaf', en: 'Hadaf', ar: 'هدف' },
  { code: 'rahhal', en: 'Rahhal', ar: 'رحّال' },
  { code: 'khatwa', en: 'Khatwa', ar: 'خطوة' },
  { code: 'rakdh', en: 'Rakdh', ar: 'ركض' },
  { code: 'waha', en: 'Waha', ar: 'واحة' },
  { code: 'majlis', en: 'Majlis', ar: 'مجلس' },
  { code: 'diwan', en: 'Diwan', ar: 'ديوان' },
];

export interface ColorDef extends Tr {
  code: string;
  hex: string;
}

export const COLORS: ColorDef[] = [
  { code: 'black', en: 'Black', ar: 'أسود', hex: '#212121' },
  { code: 'white', en: 'White', ar: 'أبيض', hex: '#FAFAFA' },
  { code: 'grey', en: 'Grey', ar: 'رمادي', hex: '#8E8E93' },
  { code: 'silver', en: 'Silver', ar: 'فضي', hex: '#C0C0C0' },
  { code: 'beige', en: 'Beige', ar: 'بيج', hex: '#D8C3A5' },
  { code: 'navy', en: 'Navy', ar: 'كحلي', hex: '#1F2A44' },
  { code: 'blue', en: 'Blue', ar: 'أزرق', hex: '#1E88E5' },
  { code: 'red', en: 'Red', ar: 'أحمر', hex: '#C62828' },
  { code: 'pink', en: 'Pink', ar: 'وردي', hex: '#EC407A' },
  { code: 'orange', en: 'Orange', ar: 'برتقالي', hex: '#EF6C00' },
  { code: 'green', en: 'Green', ar: 'أخضر', hex: '#2E7D32' },
  { code: 'mint', en: 'Mint', ar: 'نعناعي', hex: '#A8D5BA' },
  { code: 'brown', en: 'Brown', ar: 'بني', hex: '#6D4C41' },
];

export interface SizeDef extends Tr {
  code: string;
}

export const SIZES: Record<SizeSet, { group: Tr; sizes: SizeDef[] }> = {
  shoes: {
    group: { en: 'Size', ar: 'المقاس' },
    sizes: [
      { code: '40', en: 'EU 40', ar: '٤٠' },
      { code: '41', en: 'EU 41', ar: '٤١' },
      { code: '42', en: 'EU 42', ar: '٤٢' },
      { code: '43', en: 'EU 43', ar: '٤٣' },
      { code: '44', en: 'EU 44', ar: '٤٤' },
      { code: '45', en: 'EU 45', ar: '٤٥' },
    ],
  },
  gloves: {
    group: { en: 'Weight', ar: 'الوزن' },
    sizes: [
      { code: '10oz', en: '10 oz', ar: '١٠ أونصات' },
      { code: '12oz', en: '12 oz', ar: '١٢ أونصة' },
      { code: '14oz', en: '14 oz', ar: '١٤ أونصة' },
      { code: '16oz', en: '16 oz', ar: '١٦ أونصة' },
    ],
  },
  screen: {
    group: { en: 'Screen size', ar: 'حجم الشاشة' },
    sizes: [
      { code: '13in', en: '13 inch', ar: '١٣ بوصة' },
      { code: '15in', en: '15 inch', ar: '١٥ بوصة' },
    ],
  },
  monitor: {
    group: { en: 'Screen size', ar: 'حجم الشاشة' },
    sizes: [
      { code: '27in', en: '27 inch', ar: '٢٧ بوصة' },
      { code: '32in', en: '32 inch', ar: '٣٢ بوصة' },
    ],
  },
  memory: {
    group: { en: 'Capacity', ar: 'السعة' },
    sizes: [
      { code: '16gb', en: '16 GB (2 × 8 GB)', ar: '١٦ جيجابايت (٢ × ٨)' },
      { code: '32gb', en: '32 GB (2 × 16 GB)', ar: '٣٢ جيجابايت (٢ × ١٦)' },
    ],
  },
  frame: {
    group: { en: 'Frame size', ar: 'مقاس الإطار' },
    sizes: [
      { code: 's', en: 'S (52 cm)', ar: 'صغير (٥٢ سم)' },
      { code: 'm', en: 'M (54 cm)', ar: 'وسط (٥٤ سم)' },
      { code: 'l', en: 'L (56 cm)', ar: 'كبير (٥٦ سم)' },
    ],
  },
  capacity: {
    group: { en: 'Capacity', ar: 'السعة' },
    sizes: [
      { code: '1tb', en: '1 TB', ar: '١ تيرابايت' },
      { code: '2tb', en: '2 TB', ar: '٢ تيرابايت' },
      { code: '4tb', en: '4 TB', ar: '٤ تيرابايت' },
    ],
  },
};

/** Model lines for the benchmark catalogue's extra products (beyond the photographed ones). */
export const EDITIONS: Tr[] = [
  { en: 'Pro', ar: 'برو' },
  { en: 'Plus', ar: 'بلس' },
  { en: 'Lite', ar: 'لايت' },
  { en: 'Max', ar: 'ماكس' },
  { en: 'Sport', ar: 'سبورت' },
  { en: 'Classic', ar: 'كلاسيك' },
];

/** The photographs' authors (from the file names), for docs/catalogue.md. */
export function photoFile(photo: string) {
  return `${photo}-unsplash.jpg`;
}

/**
 * Static vocabulary of the generated demo catalogue (Arabic + English).
 * Codes are stable: the storefront links /products/c/{categoryCode}, tests refer to them.
 */
export type Shape = 'dress' | 'abaya' | 'top' | 'bag' | 'thobe' | 'shirt' | 'shoe' | 'tshirt' | 'onesie' | 'bedding' | 'vase' | 'mug';

export interface Tr {
  en: string;
  ar: string;
}

export type SizeSet = 'clothing' | 'shoes' | 'kids' | 'none';

export interface SubCategoryDef extends Tr {
  code: string;
  shape: Shape;
  sizeSet: SizeSet;
  /** price range in SAR (VAT incl.) */
  price: [number, number];
  /** product name stems */
  items: Tr[];
}

export interface CategoryDef extends Tr {
  code: string;
  sub: SubCategoryDef[];
}

export const CATEGORIES: CategoryDef[] = [
  {
    code: 'women',
    en: 'Women',
    ar: 'نساء',
    sub: [
      {
        code: 'dresses',
        en: 'Dresses',
        ar: 'فساتين',
        shape: 'dress',
        sizeSet: 'clothing',
        price: [199, 599],
        items: [
          { en: 'Linen Midi Dress', ar: 'فستان ميدي من الكتان' },
          { en: 'Floral Maxi Dress', ar: 'فستان ماكسي مشجّر' },
          { en: 'Satin Evening Dress', ar: 'فستان سهرة من الساتان' },
          { en: 'Pleated Chiffon Dress', ar: 'فستان شيفون بكسرات' },
          { en: 'Cotton Shirt Dress', ar: 'فستان قميص قطني' },
          { en: 'Embroidered Kaftan Dress', ar: 'فستان قفطان مطرّز' },
        ],
      },
      {
        code: 'abayas',
        en: 'Abayas',
        ar: 'عبايات',
        shape: 'abaya',
        sizeSet: 'clothing',
        price: [249, 799],
        items: [
          { en: 'Classic Crepe Abaya', ar: 'عباية كريب كلاسيكية' },
          { en: 'Open Kimono Abaya', ar: 'عباية كيمونو مفتوحة' },
          { en: 'Embellished Cuff Abaya', ar: 'عباية بأكمام مزيّنة' },
          { en: 'Everyday Nida Abaya', ar: 'عباية ندى يومية' },
          { en: 'Lace Trim Abaya', ar: 'عباية بأطراف من الدانتيل' },
        ],
      },
      {
        code: 'tops',
        en: 'Tops & Blouses',
        ar: 'بلوزات وقمصان',
        shape: 'top',
        sizeSet: 'clothing',
        price: [79, 229],
        items: [
          { en: 'Silk Blend Blouse', ar: 'بلوزة من مزيج الحرير' },
          { en: 'Ribbed Knit Top', ar: 'بلوزة تريكو مضلّعة' },
          { en: 'Ruffle Sleeve Blouse', ar: 'بلوزة بأكمام مكشكشة' },
          { en: 'Oversized Cotton Tunic', ar: 'تونيك قطني واسع' },
        ],
      },
      {
        code: 'bags',
        en: 'Bags',
        ar: 'حقائب',
        shape: 'bag',
        sizeSet: 'none',
        price: [149, 699],
        items: [
          { en: 'Leather Tote Bag', ar: 'حقيبة يد جلدية كبيرة' },
          { en: 'Quilted Crossbody Bag', ar: 'حقيبة كتف مبطّنة' },
          { en: 'Mini Top-Handle Bag', ar: 'حقيبة يد صغيرة' },
          { en: 'Woven Beach Bag', ar: 'حقيبة شاطئ منسوجة' },
        ],
      },
    ],
  },
  {
    code: 'men',
    en: 'Men',
    ar: 'رجال',
    sub: [
      {
        code: 'thobes',
        en: 'Thobes',
        ar: 'أثواب',
        shape: 'thobe',
        sizeSet: 'clothing',
        price: [149, 449],
        items: [
          { en: 'Classic Saudi Thobe', ar: 'ثوب سعودي كلاسيكي' },
          { en: 'Winter Wool Thobe', ar: 'ثوب شتوي من الصوف' },
          { en: 'Summer Cotton Thobe', ar: 'ثوب صيفي قطني' },
          { en: 'Band Collar Thobe', ar: 'ثوب بياقة صينية' },
        ],
      },
      {
        code: 'shirts',
        en: 'Shirts',
        ar: 'قمصان',
        shape: 'shirt',
        sizeSet: 'clothing',
        price: [99, 259],
        items: [
          { en: 'Oxford Button-Down Shirt', ar: 'قميص أكسفورد بأزرار' },
          { en: 'Linen Camp Shirt', ar: 'قميص كتان صيفي' },
          { en: 'Slim Fit Poplin Shirt', ar: 'قميص بوبلين ضيّق' },
          { en: 'Checked Flannel Shirt', ar: 'قميص فانيلا مربّعات' },
        ],
      },
      {
        code: 'shoes',
        en: 'Shoes',
        ar: 'أحذية',
        shape: 'shoe',
        sizeSet: 'shoes',
        price: [189, 599],
        items: [
          { en: 'Leather Sandals', ar: 'صندل جلدي' },
          { en: 'Suede Loafers', ar: 'حذاء لوفر من الشامواه' },
          { en: 'Running Sneakers', ar: 'حذاء جري رياضي' },
          { en: 'Classic Derby Shoes', ar: 'حذاء ديربي كلاسيكي' },
        ],
      },
    ],
  },
  {
    code: 'kids',
    en: 'Kids',
    ar: 'أطفال',
    sub: [
      {
        code: 'boys',
        en: 'Boys',
        ar: 'أولاد',
        shape: 'tshirt',
        sizeSet: 'kids',
        price: [49, 159],
        items: [
          { en: 'Graphic Cotton T-Shirt', ar: 'تيشيرت قطني مطبوع' },
          { en: 'Jersey Polo Shirt', ar: 'قميص بولو جيرسي' },
          { en: 'Kids Eid Thobe', ar: 'ثوب العيد للأطفال' },
        ],
      },
      {
        code: 'girls',
        en: 'Girls',
        ar: 'بنات',
        shape: 'dress',
        sizeSet: 'kids',
        price: [59, 189],
        items: [
          { en: 'Tulle Party Dress', ar: 'فستان حفلات من التول' },
          { en: 'Smocked Cotton Dress', ar: 'فستان قطني مكشكش' },
          { en: 'Denim Pinafore Dress', ar: 'فستان جينز بحمالات' },
        ],
      },
      {
        code: 'baby',
        en: 'Baby',
        ar: 'رضّع',
        shape: 'onesie',
        sizeSet: 'none',
        price: [39, 129],
        items: [
          { en: 'Organic Cotton Onesie', ar: 'ملابس رضّع من القطن العضوي' },
          { en: 'Muslin Sleepsuit', ar: 'بيجامة نوم من الموسلين' },
          { en: 'Knitted Romper', ar: 'رومبر محبوك' },
        ],
      },
    ],
  },
  {
    code: 'home',
    en: 'Home',
    ar: 'المنزل',
    sub: [
      {
        code: 'bedding',
        en: 'Bedding',
        ar: 'مفارش',
        shape: 'bedding',
        sizeSet: 'none',
        price: [199, 699],
        items: [
          { en: 'Percale Duvet Set', ar: 'طقم لحاف من البيركال' },
          { en: 'Washed Linen Sheet Set', ar: 'طقم شراشف من الكتان المغسول' },
          { en: 'Quilted Bedspread', ar: 'مفرش سرير مبطّن' },
        ],
      },
      {
        code: 'decor',
        en: 'Decor',
        ar: 'ديكور',
        shape: 'vase',
        sizeSet: 'none',
        price: [49, 349],
        items: [
          { en: 'Ceramic Vase', ar: 'مزهرية سيراميك' },
          { en: 'Hand-Blown Glass Vase', ar: 'مزهرية زجاج منفوخ يدوياً' },
          { en: 'Stoneware Incense Burner', ar: 'مبخرة من الفخار الحجري' },
        ],
      },
      {
        code: 'kitchen',
        en: 'Kitchen',
        ar: 'مطبخ',
        shape: 'mug',
        sizeSet: 'none',
        price: [29, 199],
        items: [
          { en: 'Arabic Coffee Cup Set', ar: 'طقم فناجين قهوة عربية' },
          { en: 'Stoneware Mug', ar: 'كوب من الفخار الحجري' },
          { en: 'Enamel Tea Pot', ar: 'إبريق شاي مطلي بالمينا' },
        ],
      },
    ],
  },
];

export interface BrandDef extends Tr {
  code: string;
  /** logo colour */
  color: string;
}

export const BRANDS: BrandDef[] = [
  { code: 'najd', en: 'Najd', ar: 'نجد', color: '#8D6E63' },
  { code: 'rawda', en: 'Rawda', ar: 'روضة', color: '#2E7D32' },
  { code: 'sahra', en: 'Sahra', ar: 'صحراء', color: '#C68642' },
  { code: 'lulu', en: 'Lulu', ar: 'لؤلؤ', color: '#5C6BC0' },
  { code: 'nakheel', en: 'Nakheel', ar: 'نخيل', color: '#00897B' },
  { code: 'qamar', en: 'Qamar', ar: 'قمر', color: '#455A64' },
];

export interface ColorDef extends Tr {
  code: string;
  hex: string;
}

export const COLORS: ColorDef[] = [
  { code: 'black', en: 'Black', ar: 'أسود', hex: '#212121' },
  { code: 'white', en: 'White', ar: 'أبيض', hex: '#FAFAFA' },
  { code: 'beige', en: 'Beige', ar: 'بيج', hex: '#D8C3A5' },
  { code: 'navy', en: 'Navy', ar: 'كحلي', hex: '#1F2A44' },
  { code: 'red', en: 'Red', ar: 'أحمر', hex: '#C62828' },
  { code: 'green', en: 'Green', ar: 'أخضر', hex: '#2E7D32' },
  { code: 'pink', en: 'Pink', ar: 'وردي', hex: '#EC407A' },
  { code: 'grey', en: 'Grey', ar: 'رمادي', hex: '#9E9E9E' },
  { code: 'brown', en: 'Brown', ar: 'بني', hex: '#6D4C41' },
  { code: 'blue', en: 'Blue', ar: 'أزرق', hex: '#1E88E5' },
];

export interface SizeDef extends Tr {
  code: string;
}

export const SIZES: Record<Exclude<SizeSet, 'none'>, SizeDef[]> = {
  clothing: [
    { code: 's', en: 'S', ar: 'صغير (S)' },
    { code: 'm', en: 'M', ar: 'وسط (M)' },
    { code: 'l', en: 'L', ar: 'كبير (L)' },
    { code: 'xl', en: 'XL', ar: 'كبير جداً (XL)' },
  ],
  shoes: [
    { code: '40', en: 'EU 40', ar: '40' },
    { code: '41', en: 'EU 41', ar: '41' },
    { code: '42', en: 'EU 42', ar: '42' },
    { code: '43', en: 'EU 43', ar: '43' },
    { code: '44', en: 'EU 44', ar: '44' },
  ],
  kids: [
    { code: '2y', en: '2 years', ar: 'سنتان' },
    { code: '4y', en: '4 years', ar: '4 سنوات' },
    { code: '6y', en: '6 years', ar: '6 سنوات' },
    { code: '8y', en: '8 years', ar: '8 سنوات' },
  ],
};

export const MATERIALS: Tr[] = [
  { en: 'Breathable fabric for the Saudi summer', ar: 'قماش يسمح بمرور الهواء ويناسب صيف المملكة' },
  { en: 'Soft touch with a relaxed fit', ar: 'ملمس ناعم وقصّة مريحة' },
  { en: 'Carefully finished seams', ar: 'خياطة متقنة التشطيب' },
  { en: 'Made to last, easy to care for', ar: 'متين وسهل العناية' },
];

export const COLLECTIONS: Tr[] = [
  { en: 'Summer collection', ar: 'مجموعة الصيف' },
  { en: 'Ramadan collection', ar: 'مجموعة رمضان' },
  { en: 'Essentials', ar: 'الأساسيات' },
  { en: 'Limited edition', ar: 'إصدار محدود' },
];

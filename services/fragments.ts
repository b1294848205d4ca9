import { graphql } from './graphql';

// Shared selections. Each carries what the spec's entities (§3) list, no more: SSR serialises
// these into the page for hydration.

/** What every ErrorResult member carries; `toResult` (result.ts) turns it into a typed failure. */
export const ErrorResultFields = graphql(`
  fragment ErrorResultFields on ErrorResult {
    errorCode
    message
  }
`);

export const AssetFields = graphql(`
  fragment AssetFields on Asset {
    id
    name
    preview
    source
    width
    height
    focalPoint {
      x
      y
    }
  }
`);

/** A buy-now-pay-later method's terms (the product page, the cart, the payment step). */
export const InstallmentPlanFields = graphql(`
  fragment InstallmentPlanFields on InstallmentPlan {
    methodCode
    name
    installments
    interestFree
    minTotal
    maxTotal
  }
`);

export const FacetRefFields = graphql(`
  fragment FacetRefFields on FacetValue {
    id
    code
    name
  }
`);

export const VariantFields = graphql(
  `
    fragment VariantFields on ProductVariant {
      id
      name
      sku
      price
      priceWithTax
      currencyCode
      stockLevel
      inStock
      maxQuantity
      discountAmount
      featuredAsset {
        ...AssetFields
      }
      options {
        id
        code
        name
        groupId
      }
      customFields {
        default
        startDate
        endDate
        mainPrice
        promoPrice
        onSale
      }
    }
  `,
  [AssetFields],
);

/** What a product card (listings, home rows, related, wishlist, search) needs. */
export const ProductCardFields = graphql(
  `
    fragment ProductCardFields on Product {
      id
      name
      slug
      isFav
      isNew
      featuredAsset {
        ...AssetFields
      }
      customFields {
        subTitle
        variantType
        dropPrice
      }
      overallRating {
        overallRate
        totalCount
      }
      brand {
        ...FacetRefFields
      }
      variants {
        id
        priceWithTax
        stockLevel
        inStock
        discountAmount
        customFields {
          default
          startDate
          endDate
          mainPrice
          promoPrice
          onSale
        }
      }
    }
  `,
  [AssetFields, FacetRefFields],
);

export const ProductDetailFields = graphql(
  `
    fragment ProductDetailFields on Product {
      id
      name
      slug
      description
      isFav
      isNew
      featuredAsset {
        ...AssetFields
      }
      assets {
        ...AssetFields
      }
      customFields {
        subTitle
        variantType
        dropPrice
      }
      optionGroups {
        id
        code
        name
        customFields {
          type
        }
        options {
          id
          code
          name
          groupId
          customFields {
            colorCode
          }
        }
      }
      variants {
        ...VariantFields
      }
      overallRating {
        overallRate
        totalCount
        rateInfo {
          rate
          count
        }
      }
      facetValues {
        id
        code
        name
        facet {
          id
          code
        }
      }
      category {
        ...FacetRefFields
      }
      subCategory {
        ...FacetRefFields
      }
      brand {
        ...FacetRefFields
      }
    }
  `,
  [AssetFields, VariantFields, FacetRefFields],
);

export const FacetValueFields = graphql(
  `
    fragment FacetValueFields on FacetValue {
      id
      code
      name
      facet {
        id
        code
      }
      customFields {
        colorCode
        parentCode
        sortOrder
        mainFeatureAsset {
          ...AssetFields
        }
        cover {
          ...AssetFields
        }
      }
    }
  `,
  [AssetFields],
);

export const ReviewFields = graphql(`
  fragment ReviewFields on ProductReview {
    id
    createdAt
    summary
    body
    rating
    authorName
    isAuthor
    state
    languageCode
  }
`);

export const AddressFields = graphql(`
  fragment AddressFields on Address {
    id
    fullName
    company
    streetLine1
    streetLine2
    city
    province
    postalCode
    phoneNumber
    defaultShippingAddress
    defaultBillingAddress
    country {
      id
      code
      name
    }
    cityDetails {
      CountryCode
      LocationAr
      LocationEn
      CityCode
    }
    customFields {
      type
      cityCode
      instructions
      verifiedShippingAddress
      receiverPhoneNumber
      isGiftCart
      firstName
      lastName
    }
  }
`);

const OrderLineFields = graphql(
  `
    fragment OrderLineFields on OrderLine {
      id
      quantity
      unitPriceWithTax
      linePrice
      linePriceWithTax
      discountedLinePriceWithTax
      featuredAsset {
        ...AssetFields
      }
      orderLineHasReview
      productVariant {
        id
        name
        sku
        priceWithTax
        stockLevel
        inStock
        maxQuantity
        customFields {
          mainPrice
          promoPrice
          onSale
          startDate
          endDate
        }
        options {
          id
          code
          name
          group {
            id
            code
            name
          }
        }
        product {
          id
          name
          slug
        }
      }
    }
  `,
  [AssetFields],
);

/** The cart and checkout view of an order. */
export const OrderFields = graphql(
  `
    fragment OrderFields on Order {
      id
      code
      state
      active
      createdAt
      orderPlacedAt
      currencyCode
      totalQuantity
      subTotal
      subTotalWithTax
      shipping
      shippingWithTax
      total
      totalWithTax
      couponCodes
      discounts {
        description
        amount
        amountWithTax
      }
      surcharges {
        description
        sku
        price
        priceWithTax
      }
      taxSummary {
        description
        taxRate
        taxBase
        taxTotal
      }
      shippingLines {
        shippingMethod {
          id
          code
          name
        }
        priceWithTax
      }
      shippingAddress {
        fullName
        streetLine1
        streetLine2
        city
        province
        postalCode
        countryCode
        country
        phoneNumber
      }
      customer {
        id
      }
      payments {
        id
        method
        state
        amount
      }
      paymentUrl
      lines {
        ...OrderLineFields
      }
    }
  `,
  [OrderLineFields],
);

export const CurrentUserFields = graphql(`
  fragment CurrentUserFields on CurrentUser {
    id
    identifier
  }
`);

import type { RequestOptions, ShopClient } from './client';
import { AssetFields, ErrorResultFields } from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';
import { toResult, type Failure } from './result';

export const citiesDocument = graphql(`
  query cities($countryCode: String!) {
    cities(countryCode: $countryCode) {
      id
      code
      name
      countryCode
      translations {
        languageCode
        name
      }
    }
  }
`);

export async function getCities(client: ShopClient, countryCode: string, options?: RequestOptions) {
  return (await client.request(citiesDocument, { countryCode }, options)).cities;
}

export const countriesDocument = graphql(`
  query countries {
    availableCountries {
      id
      code
      name
    }
  }
`);

export async function getCountries(client: ShopClient, options?: RequestOptions) {
  return (await client.request(countriesDocument, {}, options)).availableCountries;
}

export const getPoliticsDocument = graphql(`
  query GetPolitics($type: PoliticsType!) {
    politics(type: $type) {
      policy
      content
    }
  }
`);

export type PoliticsType = VariablesOf<typeof getPoliticsDocument>['type'];

/** A policy page; `content` is HTML that the view sanitises. null when none is published. */
export async function getPolitics(client: ShopClient, type: PoliticsType, options?: RequestOptions) {
  return (await client.request(getPoliticsDocument, { type }, options)).politics;
}

export const getFaqsDocument = graphql(`
  query GetFaqs {
    faqs {
      id
      title
      content
      languageCode
    }
  }
`);

export async function getFaqs(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getFaqsDocument, {}, options)).faqs;
}

export const getLinksDocument = graphql(`
  query GetLinks {
    socialLinks {
      id
      platform
      link
      icon
    }
  }
`);

// Spec §2: the footer leaves out YouTube and Snapchat.
const EXCLUDED_PLATFORMS = new Set(['youtube', 'snapchat']);

export async function getSocialLinks(client: ShopClient, options?: RequestOptions) {
  const { socialLinks } = await client.request(getLinksDocument, {}, options);
  return socialLinks.filter((l) => !EXCLUDED_PLATFORMS.has(l.platform.trim().toLowerCase()));
}

export const alertDocument = graphql(`
  query Alert {
    alert {
      id
      name
      url
      languageCode
    }
  }
`);

export async function getAlert(client: ShopClient, options?: RequestOptions) {
  return (await client.request(alertDocument, {}, options)).alert;
}

export const getSuperBannersDocument = graphql(
  `
    query getSuperBanners($options: SuperBannerOptions) {
      superBanners(options: $options) {
        id
        languageCode
        redirectTo
        title
        asset {
          ...AssetFields
        }
        mobileAsset {
          ...AssetFields
        }
      }
    }
  `,
  [AssetFields],
);

export async function getSuperBanners(client: ShopClient, take?: number, options?: RequestOptions) {
  return (await client.request(getSuperBannersDocument, { options: take === undefined ? null : { take } }, options)).superBanners;
}

export const getBannersDocument = graphql(
  `
    query getBanners($input: BannersInput!) {
      banners(input: $input) {
        id
        page
        position
        slug
        redirectTo
        redirectToSlug
        title
        assets {
          ...AssetFields
        }
      }
    }
  `,
  [AssetFields],
);

export async function getBanners(client: ShopClient, input: { page: string; position?: string }, options?: RequestOptions) {
  return (await client.request(getBannersDocument, { input }, options)).banners;
}

export type SuperBanner = ResultOf<typeof getSuperBannersDocument>['superBanners'][number];
export type Banner = ResultOf<typeof getBannersDocument>['banners'][number];

export const contactUsDocument = graphql(
  `
    mutation contactUs($input: ContactUsInput!) {
      contactUs(input: $input) {
        __typename
        ... on ContactUsMessage {
          id
          createdAt
        }
        ...ErrorResultFields
        ... on ContactUsInputError {
          field
        }
        ... on RateLimitError {
          retryAfterSeconds
        }
      }
    }
  `,
  [ErrorResultFields],
);

export type ContactUsInput = VariablesOf<typeof contactUsDocument>['input'];

export type ContactUsResult =
  | { ok: true; id: string; createdAt: string }
  | Failure<'CONTACT_US_INPUT_ERROR', { field: string }>
  | Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number }>;

export async function sendContactMessage(client: ShopClient, input: ContactUsInput): Promise<ContactUsResult> {
  const r = (await client.request(contactUsDocument, { input })).contactUs;
  return toResult(r, (m) => ({ id: m.id, createdAt: m.createdAt }));
}

/** The store's identity as its owner set it in the admin (the channel's custom fields, decision 030). */
export const storeIdentityDocument = graphql(`
  query StoreIdentity {
    activeChannel {
      customFields {
        legalNameAr
        legalNameEn
        vatNumber
        commercialRegistrationNumber
        addressAr
        addressEn
        customerServicePhone
        customerServiceEmail
        businessCertificateUrl
      }
    }
  }
`);

export async function getStoreIdentityFields(client: ShopClient, options?: RequestOptions) {
  return (await client.request(storeIdentityDocument, {}, options)).activeChannel.customFields ?? null;
}

import gql from 'graphql-tag';

// Field names are the contract of docs/decisions/002-shop-api-extensions.md (content plugin).
export const contentShopApiExtensions = gql`
  type SuperBanner {
    id: ID!
    languageCode: LanguageCode!
    asset: Asset!
    mobileAsset: Asset!
    redirectTo: String
    title: String
  }
  input SuperBannerOptions {
    take: Int
  }
  type Banner {
    id: ID!
    page: String!
    position: String!
    slug: String
    redirectTo: String
    redirectToSlug: String
    assets: [Asset!]!
    title: String
  }
  input BannersInput {
    page: String!
    position: String
  }
  type Politics {
    policy: String!
    content: String!
  }
  enum PoliticsType {
    privacy
    usage
    warranty
    exchange
  }
  type Faq {
    id: ID!
    title: String!
    content: String!
    languageCode: LanguageCode!
  }
  type SocialLink {
    id: ID!
    platform: String!
    link: String!
    icon: String
  }
  type Alert {
    id: ID!
    name: String!
    url: String
    languageCode: LanguageCode!
  }
  type CityTranslation {
    languageCode: LanguageCode!
    name: String!
  }
  type City {
    id: ID!
    code: String!
    name: String!
    countryCode: String!
    translations: [CityTranslation!]!
  }
  type CityDetails {
    CountryCode: String!
    LocationAr: String!
    LocationEn: String!
    CityCode: String!
  }
  extend type Address {
    cityDetails: CityDetails
  }
  input ContactUsInput {
    name: String!
    emailAddress: String!
    phoneNumber: String
    subject: String
    message: String!
  }
  type ContactUsMessage {
    id: ID!
    createdAt: DateTime!
  }
  type ContactUsInputError implements ErrorResult {
    errorCode: ErrorCode!
    message: String!
    field: String!
  }
  union ContactUsResult = ContactUsMessage | ContactUsInputError | RateLimitError

  extend type Query {
    superBanners(options: SuperBannerOptions): [SuperBanner!]!
    banners(input: BannersInput!): [Banner!]!
    politics(type: PoliticsType!): Politics
    faqs: [Faq!]!
    socialLinks: [SocialLink!]!
    alert: Alert
    cities(countryCode: String!): [City!]!
  }
  extend type Mutation {
    contactUs(input: ContactUsInput!): ContactUsResult!
  }
`;

/**
 * The store owner's side: read contact messages, list and edit the content. Types carry the
 * admin-only columns (enabled, sort order, language) the Shop API hides.
 */
export const contentAdminApiExtensions = gql`
  type ContactUsMessage implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    name: String!
    emailAddress: String!
    phoneNumber: String
    subject: String
    message: String!
    languageCode: LanguageCode!
    customerId: ID
  }
  type ContactUsMessageList implements PaginatedList {
    items: [ContactUsMessage!]!
    totalItems: Int!
  }
  # Generated at runtime by Vendure
  input ContactUsMessageListOptions

  type SuperBanner implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    languageCode: LanguageCode!
    asset: Asset
    mobileAsset: Asset
    redirectTo: String
    title: String
    position: Int!
    enabled: Boolean!
  }
  type SuperBannerList implements PaginatedList {
    items: [SuperBanner!]!
    totalItems: Int!
  }
  input SuperBannerListOptions

  type Banner implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    page: String!
    position: String!
    languageCode: LanguageCode!
    slug: String
    redirectTo: String
    redirectToSlug: String
    title: String
    assets: [Asset!]!
    sortOrder: Int!
    enabled: Boolean!
  }
  type BannerList implements PaginatedList {
    items: [Banner!]!
    totalItems: Int!
  }
  input BannerListOptions

  type PolicyPage implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    type: String!
    languageCode: LanguageCode!
    policy: String!
    content: String!
  }
  type PolicyPageList implements PaginatedList {
    items: [PolicyPage!]!
    totalItems: Int!
  }
  input PolicyPageListOptions

  type Faq implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    languageCode: LanguageCode!
    title: String!
    content: String!
    sortOrder: Int!
    enabled: Boolean!
  }
  type FaqList implements PaginatedList {
    items: [Faq!]!
    totalItems: Int!
  }
  input FaqListOptions

  type SocialLink implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    platform: String!
    link: String!
    icon: String
    sortOrder: Int!
  }
  type SocialLinkList implements PaginatedList {
    items: [SocialLink!]!
    totalItems: Int!
  }
  input SocialLinkListOptions

  type Alert implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    languageCode: LanguageCode!
    name: String!
    url: String
    enabled: Boolean!
  }
  type AlertList implements PaginatedList {
    items: [Alert!]!
    totalItems: Int!
  }
  input AlertListOptions

  type CityTranslation {
    languageCode: LanguageCode!
    name: String!
  }
  type City implements Node {
    id: ID!
    createdAt: DateTime!
    updatedAt: DateTime!
    code: String!
    countryCode: String!
    name: String!
    translations: [CityTranslation!]!
  }
  type CityList implements PaginatedList {
    items: [City!]!
    totalItems: Int!
  }
  input CityListOptions

  input FaqInput {
    languageCode: LanguageCode!
    title: String!
    content: String!
    sortOrder: Int
    enabled: Boolean
  }
  input UpdateFaqInput {
    id: ID!
    languageCode: LanguageCode
    title: String
    content: String
    sortOrder: Int
    enabled: Boolean
  }
  input AlertInput {
    languageCode: LanguageCode!
    name: String!
    url: String
    enabled: Boolean
  }
  input UpdateAlertInput {
    id: ID!
    languageCode: LanguageCode
    name: String
    url: String
    enabled: Boolean
  }
  input UpsertPolicyPageInput {
    type: String!
    languageCode: LanguageCode!
    policy: String!
    content: String!
  }
  input BannerInput {
    page: String!
    position: String!
    languageCode: LanguageCode!
    slug: String
    redirectTo: String
    redirectToSlug: String
    title: String
    assetIds: [ID!]!
    sortOrder: Int
    enabled: Boolean
  }
  input UpdateBannerInput {
    id: ID!
    page: String
    position: String
    languageCode: LanguageCode
    slug: String
    redirectTo: String
    redirectToSlug: String
    title: String
    assetIds: [ID!]
    sortOrder: Int
    enabled: Boolean
  }
  input SuperBannerInput {
    languageCode: LanguageCode!
    assetId: ID!
    mobileAssetId: ID
    redirectTo: String
    title: String
    position: Int
    enabled: Boolean
  }
  input UpdateSuperBannerInput {
    id: ID!
    languageCode: LanguageCode
    assetId: ID
    mobileAssetId: ID
    redirectTo: String
    title: String
    position: Int
    enabled: Boolean
  }
  input SocialLinkInput {
    platform: String!
    link: String!
    icon: String
    sortOrder: Int
  }
  input UpdateSocialLinkInput {
    id: ID!
    platform: String
    link: String
    icon: String
    sortOrder: Int
  }
  enum ContentEntityType {
    SuperBanner
    Banner
    PolicyPage
    Faq
    SocialLink
    Alert
  }

  extend type Query {
    contactUsMessages(options: ContactUsMessageListOptions): ContactUsMessageList!
    contactUsMessage(id: ID!): ContactUsMessage
    superBannerList(options: SuperBannerListOptions): SuperBannerList!
    bannerList(options: BannerListOptions): BannerList!
    policyPageList(options: PolicyPageListOptions): PolicyPageList!
    faqList(options: FaqListOptions): FaqList!
    socialLinkList(options: SocialLinkListOptions): SocialLinkList!
    alertList(options: AlertListOptions): AlertList!
    cityList(options: CityListOptions): CityList!
  }
  extend type Mutation {
    createFaq(input: FaqInput!): Faq!
    updateFaq(input: UpdateFaqInput!): Faq!
    createAlert(input: AlertInput!): Alert!
    updateAlert(input: UpdateAlertInput!): Alert!
    upsertPolicyPage(input: UpsertPolicyPageInput!): PolicyPage!
    createBanner(input: BannerInput!): Banner!
    updateBanner(input: UpdateBannerInput!): Banner!
    createSuperBanner(input: SuperBannerInput!): SuperBanner!
    updateSuperBanner(input: UpdateSuperBannerInput!): SuperBanner!
    createSocialLink(input: SocialLinkInput!): SocialLink!
    updateSocialLink(input: UpdateSocialLinkInput!): SocialLink!
    deleteContent(type: ContentEntityType!, id: ID!): DeletionResponse!
  }
`;

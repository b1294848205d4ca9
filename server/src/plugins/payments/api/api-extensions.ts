import gql from 'graphql-tag';

// Contract: docs/decisions/002 ("payments plugin"). PaymentMethodQuote.customFields is already
// added by Vendure core from the PaymentMethod custom fields (typed PaymentMethodCustomFields
// { asset discount increment }), so it is not redeclared here.
export const paymentsShopApiExtensions = gql`
  type PayFortSignature {
    signature: String!
    merchantReference: String!
    params: JSON!
    gatewayUrl: String!
  }
  extend type Order {
    "where to send the shopper for a pending redirect payment (PayFort, Tamara, Tabby); null otherwise"
    paymentUrl: String
  }
  "a buy-now-pay-later method's terms, from its handler arguments and its installment-eligibility checker"
  type InstallmentPlan {
    methodCode: String!
    name: String!
    "number of payments the total is split into"
    installments: Int!
    interestFree: Boolean!
    "order total limits (with tax, halalas) the method accepts; null: no limit"
    minTotal: Money
    maxTotal: Money
  }
  "how long a delivery method takes, in working days (ShippingMethod custom fields)"
  type DeliveryTime {
    methodCode: String!
    name: String!
    minDays: Int!
    maxDays: Int!
  }
  extend type PaymentMethodQuote {
    "set for an instalment method (Tamara, Tabby): the same terms installmentPlans lists"
    installmentPlan: InstallmentPlan
  }
  extend type Query {
    "the enabled instalment methods' terms (no order needed: product page, cart)"
    installmentPlans: [InstallmentPlan!]!
    "the delivery methods' delivery times (no order needed: product page, cart)"
    deliveryTimes: [DeliveryTime!]!
  }
  extend type Mutation {
    "signed PayFort hosted-page form for the order's pending card payment (own order only)"
    getPayFortSignature(orderCode: String!): PayFortSignature!
  }
`;

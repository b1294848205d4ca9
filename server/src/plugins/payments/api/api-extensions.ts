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
  extend type Mutation {
    "signed PayFort hosted-page form for the order's pending card payment (own order only)"
    getPayFortSignature(orderCode: String!): PayFortSignature!
  }
`;

import { ResolveField, Resolver } from '@nestjs/graphql';

/** Error results carry `__typename`; the success member of each union is named here. */
function resolver(successType: string) {
  return (value: any) => (value && typeof value.__typename === 'string' ? value.__typename : successType);
}

@Resolver('VerifyAccountResult')
export class VerifyAccountResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('CurrentUser')(value);
  }
}

@Resolver('VerifyForgetPasswordCodeResult')
export class VerifyForgetPasswordCodeResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('PasswordResetTicket')(value);
  }
}

@Resolver('ChangeUserPasswordResult')
export class ChangeUserPasswordResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('CurrentUser')(value);
  }
}

@Resolver('AddressVerificationResult')
export class AddressVerificationResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('Address')(value);
  }
}

@Resolver('ShopCancelOrderResult')
export class ShopCancelOrderResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('Order')(value);
  }
}

@Resolver('UploadImageResult')
export class UploadImageResultResolver {
  @ResolveField()
  __resolveType(value: any) {
    return resolver('UploadedImage')(value);
  }
}

export const accountUnionResolvers = [
  VerifyAccountResultResolver,
  VerifyForgetPasswordCodeResultResolver,
  ChangeUserPasswordResultResolver,
  AddressVerificationResultResolver,
  ShopCancelOrderResultResolver,
  UploadImageResultResolver,
];

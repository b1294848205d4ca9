import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Address, Ctx, RequestContext, Transaction } from '@vendure/core';

import { PolicyType } from '../entities/policy-page.entity';
import { CityService } from '../services/city.service';
import { ContactUsService } from '../services/contact-us.service';
import { ContactUsInput } from '../services/contact-us-input';
import { ContentService } from '../services/content.service';

@Resolver()
export class ContentShopResolver {
  constructor(
    private content: ContentService,
    private cities: CityService,
    private contactUs: ContactUsService,
  ) {}

  @Query()
  superBanners(@Ctx() ctx: RequestContext, @Args() args: { options?: { take?: number | null } | null }) {
    return this.content.superBanners(ctx, args.options?.take);
  }

  @Query()
  banners(@Ctx() ctx: RequestContext, @Args() args: { input: { page: string; position?: string | null } }) {
    return this.content.banners(ctx, args.input.page, args.input.position);
  }

  @Query()
  politics(@Ctx() ctx: RequestContext, @Args() args: { type: PolicyType }) {
    return this.content.politics(ctx, args.type);
  }

  @Query()
  faqs(@Ctx() ctx: RequestContext) {
    return this.content.faqs(ctx);
  }

  @Query()
  socialLinks(@Ctx() ctx: RequestContext) {
    return this.content.socialLinks(ctx);
  }

  @Query()
  alert(@Ctx() ctx: RequestContext) {
    return this.content.alert(ctx);
  }

  @Query('cities')
  citiesOfCountry(@Ctx() ctx: RequestContext, @Args() args: { countryCode: string }) {
    return this.cities.cities(ctx, args.countryCode);
  }

  @Mutation('contactUs')
  @Transaction()
  submitContactUs(@Ctx() ctx: RequestContext, @Args() args: { input: ContactUsInput }) {
    return this.contactUs.submit(ctx, args.input);
  }
}

@Resolver('Address')
export class AddressCityDetailsResolver {
  constructor(private cities: CityService) {}

  @ResolveField()
  cityDetails(@Ctx() ctx: RequestContext, @Parent() address: Address) {
    return this.cities.cityDetails(ctx, address);
  }
}

@Resolver('ContactUsResult')
export class ContactUsResultResolver {
  @ResolveField()
  __resolveType(value: { __typename?: string }): string {
    return value.__typename ?? 'ContactUsMessage';
  }
}

import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, ListQueryOptions, Permission, RequestContext, Transaction, TranslatorService, VendureEntity } from '@vendure/core';

import { contactUsReadPermission, storeContentPermission } from '../content.permissions';
import { Alert } from '../entities/alert.entity';
import { Banner } from '../entities/banner.entity';
import { Faq } from '../entities/faq.entity';
import { PolicyPage } from '../entities/policy-page.entity';
import { SocialLink } from '../entities/social-link.entity';
import { SuperBanner } from '../entities/super-banner.entity';
import { ContactUsService } from '../services/contact-us.service';
import { ContentAdminService, ContentEntityName } from '../services/content-admin.service';

type ListArgs<T extends VendureEntity> = { options?: ListQueryOptions<T> };
type InputArgs = { input: any };

@Resolver()
export class ContentAdminResolver {
  constructor(
    private admin: ContentAdminService,
    private contactUs: ContactUsService,
    private translator: TranslatorService,
  ) {}

  // Contact messages hold customer data: customer readers may see them too.
  @Query()
  @Allow(contactUsReadPermission.Permission, Permission.ReadCustomer)
  contactUsMessages(@Ctx() ctx: RequestContext, @Args() args: ListArgs<any>) {
    return this.contactUs.findAll(ctx, args.options);
  }

  @Query()
  @Allow(contactUsReadPermission.Permission, Permission.ReadCustomer)
  contactUsMessage(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
    return this.contactUs.findOne(ctx, args.id);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  superBannerList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<SuperBanner>) {
    return this.admin.list(ctx, SuperBanner, args.options, ['asset', 'mobileAsset']);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  bannerList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<Banner>) {
    return this.admin.list(ctx, Banner, args.options, ['assets']);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  policyPageList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<PolicyPage>) {
    return this.admin.list(ctx, PolicyPage, args.options);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  faqList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<Faq>) {
    return this.admin.list(ctx, Faq, args.options);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  socialLinkList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<SocialLink>) {
    return this.admin.list(ctx, SocialLink, args.options);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  alertList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<Alert>) {
    return this.admin.list(ctx, Alert, args.options);
  }

  @Query()
  @Allow(storeContentPermission.Read)
  async cityList(@Ctx() ctx: RequestContext, @Args() args: ListArgs<any>) {
    const list = await this.admin.listCities(ctx, args.options);
    return { ...list, items: list.items.map((c) => this.translator.translate(c, ctx)) };
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Create)
  createFaq(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.createFaq(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  updateFaq(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.updateFaq(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Create)
  createAlert(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.createAlert(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  updateAlert(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.updateAlert(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  upsertPolicyPage(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.upsertPolicyPage(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Create)
  createBanner(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.createBanner(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  updateBanner(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.updateBanner(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Create)
  createSuperBanner(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.createSuperBanner(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  updateSuperBanner(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.updateSuperBanner(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Create)
  createSocialLink(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.createSocialLink(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Update)
  updateSocialLink(@Ctx() ctx: RequestContext, @Args() args: InputArgs) {
    return this.admin.updateSocialLink(ctx, args.input);
  }

  @Mutation()
  @Transaction()
  @Allow(storeContentPermission.Delete)
  deleteContent(@Ctx() ctx: RequestContext, @Args() args: { type: ContentEntityName; id: ID }) {
    return this.admin.delete(ctx, args.type, args.id);
  }
}

import { Injectable } from '@nestjs/common';
import { DeletionResult } from '@vendure/common/lib/generated-types';
import {
  Asset,
  EntityNotFoundError,
  ID,
  ListQueryBuilder,
  ListQueryOptions,
  PaginatedList,
  RequestContext,
  TransactionalConnection,
  UserInputError,
  VendureEntity,
} from '@vendure/core';
import { In } from 'typeorm';

import { Alert } from '../entities/alert.entity';
import { Banner } from '../entities/banner.entity';
import { City } from '../entities/city.entity';
import { Faq } from '../entities/faq.entity';
import { POLICY_TYPES, PolicyPage, PolicyType } from '../entities/policy-page.entity';
import { SocialLink } from '../entities/social-link.entity';
import { SuperBanner } from '../entities/super-banner.entity';

export const CONTENT_ENTITIES = { SuperBanner, Banner, PolicyPage, Faq, SocialLink, Alert } as const;
export type ContentEntityName = keyof typeof CONTENT_ENTITIES;

type Patch<T> = Partial<T> & { id: ID };

/** The store owner's edits. Inputs are GraphQL-typed; only cross-field rules are checked here. */
@Injectable()
export class ContentAdminService {
  constructor(
    private connection: TransactionalConnection,
    private listQueryBuilder: ListQueryBuilder,
  ) {}

  async list<T extends VendureEntity>(
    ctx: RequestContext,
    entity: new (...args: any[]) => T,
    options?: ListQueryOptions<T>,
    relations: string[] = [],
  ): Promise<PaginatedList<T>> {
    const [items, totalItems] = await this.listQueryBuilder.build(entity, options, { ctx, relations }).getManyAndCount();
    return { items, totalItems };
  }

  listCities(ctx: RequestContext, options?: ListQueryOptions<City>) {
    return this.list(ctx, City, options, ['translations']);
  }

  createFaq(ctx: RequestContext, input: Partial<Faq>) {
    return this.connection.getRepository(ctx, Faq).save(new Faq(input));
  }

  updateFaq(ctx: RequestContext, input: Patch<Faq>) {
    return this.patch(ctx, Faq, input);
  }

  createAlert(ctx: RequestContext, input: Partial<Alert>) {
    return this.connection.getRepository(ctx, Alert).save(new Alert(input));
  }

  updateAlert(ctx: RequestContext, input: Patch<Alert>) {
    return this.patch(ctx, Alert, input);
  }

  createSocialLink(ctx: RequestContext, input: Partial<SocialLink>) {
    return this.connection.getRepository(ctx, SocialLink).save(new SocialLink(input));
  }

  updateSocialLink(ctx: RequestContext, input: Patch<SocialLink>) {
    return this.patch(ctx, SocialLink, input);
  }

  async upsertPolicyPage(
    ctx: RequestContext,
    input: { type: string; languageCode: PolicyPage['languageCode']; policy: string; content: string },
  ) {
    if (!POLICY_TYPES.includes(input.type as PolicyType)) {
      throw new UserInputError(`Unknown policy type "${input.type}" (${POLICY_TYPES.join(', ')})`);
    }
    const repo = this.connection.getRepository(ctx, PolicyPage);
    const existing = await repo.findOne({
      where: { type: input.type as PolicyType, languageCode: input.languageCode },
    });
    return repo.save(Object.assign(existing ?? new PolicyPage(), input));
  }

  async createBanner(ctx: RequestContext, input: Partial<Banner> & { assetIds: ID[] }) {
    const { assetIds, ...rest } = input;
    const banner = new Banner({ ...rest, assets: await this.assets(ctx, assetIds) });
    return this.connection.getRepository(ctx, Banner).save(banner);
  }

  async updateBanner(ctx: RequestContext, input: Patch<Banner> & { assetIds?: ID[] | null }) {
    const { assetIds, ...rest } = input;
    const banner = await this.connection.getEntityOrThrow(ctx, Banner, input.id, { relations: ['assets'] });
    Object.assign(banner, withoutUndefined(rest));
    if (assetIds) banner.assets = await this.assets(ctx, assetIds);
    return this.connection.getRepository(ctx, Banner).save(banner);
  }

  async createSuperBanner(ctx: RequestContext, input: Partial<SuperBanner> & { assetId: ID; mobileAssetId?: ID }) {
    await this.assets(
      ctx,
      [input.assetId, input.mobileAssetId].filter((id): id is ID => id != null),
    );
    const saved = await this.connection.getRepository(ctx, SuperBanner).save(new SuperBanner(input));
    return this.connection.getEntityOrThrow(ctx, SuperBanner, saved.id, { relations: ['asset', 'mobileAsset'] });
  }

  async updateSuperBanner(ctx: RequestContext, input: Patch<SuperBanner>) {
    await this.assets(
      ctx,
      [input.assetId, input.mobileAssetId].filter((id): id is ID => id != null),
    );
    await this.patch(ctx, SuperBanner, input);
    return this.connection.getEntityOrThrow(ctx, SuperBanner, input.id, { relations: ['asset', 'mobileAsset'] });
  }

  async delete(ctx: RequestContext, type: ContentEntityName, id: ID) {
    const entity = CONTENT_ENTITIES[type] as new () => VendureEntity;
    const row = await this.connection.getEntityOrThrow(ctx, entity, id);
    await this.connection.getRepository(ctx, entity).remove(row);
    return { result: DeletionResult.DELETED };
  }

  private async patch<T extends VendureEntity>(ctx: RequestContext, entity: new () => T, input: Patch<T>) {
    const row = await this.connection.getEntityOrThrow(ctx, entity, input.id);
    Object.assign(row, withoutUndefined(input));
    return this.connection.getRepository(ctx, entity).save(row as any) as Promise<T>;
  }

  /** Loads assets in the given order; an unknown id is an error, not a silent drop. */
  private async assets(ctx: RequestContext, ids: ID[]): Promise<Asset[]> {
    if (!ids.length) return [];
    const found = await this.connection.getRepository(ctx, Asset).find({ where: { id: In(ids) } });
    return ids.map((id) => {
      const asset = found.find((a) => String(a.id) === String(id));
      if (!asset) throw new EntityNotFoundError('Asset', id);
      return asset;
    });
  }
}

const NULLABLE = new Set(['slug', 'redirectTo', 'redirectToSlug', 'title', 'url', 'icon', 'mobileAssetId']);

/**
 * GraphQL hands absent fields over as undefined (leave as is); an explicit null clears a
 * nullable column and is ignored for required ones rather than failing on a NOT NULL constraint.
 */
function withoutUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || NULLABLE.has(k)))) as Partial<T>;
}

import { Injectable } from '@nestjs/common';
import { RequestContext, TransactionalConnection } from '@vendure/core';
import { In } from 'typeorm';

import { Alert } from '../entities/alert.entity';
import { Banner } from '../entities/banner.entity';
import { Faq } from '../entities/faq.entity';
import { PolicyPage, PolicyType } from '../entities/policy-page.entity';
import { SocialLink } from '../entities/social-link.entity';
import { SuperBanner } from '../entities/super-banner.entity';
import { languagePreference, pickLanguage } from './language-preference';

const MAX_SUPER_BANNERS = 20;

/** Read side of the storefront content, always in the request's language (with fallback). */
@Injectable()
export class ContentService {
  constructor(private connection: TransactionalConnection) {}

  async superBanners(ctx: RequestContext, take?: number | null): Promise<SuperBanner[]> {
    const rows = await this.connection.getRepository(ctx, SuperBanner).find({
      where: { enabled: true, languageCode: In(languagePreference(ctx)) },
      relations: { asset: true, mobileAsset: true },
      order: { position: 'ASC', id: 'ASC' },
    });
    // The mobile artwork is optional in the admin; the desktop one stands in for it.
    const usable = rows.filter((b) => b.asset).map((b) => Object.assign(b, { mobileAsset: b.mobileAsset ?? b.asset }));
    const limit = take && take > 0 ? Math.min(take, MAX_SUPER_BANNERS) : MAX_SUPER_BANNERS;
    return pickLanguage(ctx, usable).slice(0, limit);
  }

  async banners(ctx: RequestContext, page: string, position?: string | null): Promise<Banner[]> {
    const rows = await this.connection.getRepository(ctx, Banner).find({
      where: {
        enabled: true,
        page,
        ...(position ? { position } : {}),
        languageCode: In(languagePreference(ctx)),
      },
      relations: { assets: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    if (position) return pickLanguage(ctx, rows);
    // Without a position each position falls back on its own, so a page is never half empty.
    const byPosition = new Map<string, Banner[]>();
    for (const row of rows) {
      byPosition.set(row.position, [...(byPosition.get(row.position) ?? []), row]);
    }
    return [...byPosition.values()].flatMap((group) => pickLanguage(ctx, group));
  }

  async politics(ctx: RequestContext, type: PolicyType): Promise<PolicyPage | undefined> {
    const rows = await this.connection.getRepository(ctx, PolicyPage).find({
      where: { type, languageCode: In(languagePreference(ctx)) },
    });
    return pickLanguage(ctx, rows)[0];
  }

  async faqs(ctx: RequestContext): Promise<Faq[]> {
    const rows = await this.connection.getRepository(ctx, Faq).find({
      where: { enabled: true, languageCode: In(languagePreference(ctx)) },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    return pickLanguage(ctx, rows);
  }

  socialLinks(ctx: RequestContext): Promise<SocialLink[]> {
    return this.connection.getRepository(ctx, SocialLink).find({ order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  async alert(ctx: RequestContext): Promise<Alert | undefined> {
    const rows = await this.connection.getRepository(ctx, Alert).find({
      where: { enabled: true, languageCode: In(languagePreference(ctx)) },
      order: { updatedAt: 'DESC', id: 'DESC' },
    });
    return pickLanguage(ctx, rows)[0];
  }
}

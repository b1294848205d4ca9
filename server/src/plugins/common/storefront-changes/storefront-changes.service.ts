import { Injectable } from '@nestjs/common';
import { RequestContext, RequestContextService, SettingsStoreService } from '@vendure/core';
import { randomUUID } from 'node:crypto';

/** The settings-store key (namespace `storefront`, field `generation`; common.plugin.ts). */
export const GENERATION_KEY = 'storefront.generation';

/**
 * What the storefront has to show anew: a generation, changed by every edit in the admin (and by
 * anything else that changes what anonymous pages show, e.g. a sale starting). The storefront's
 * servers poll it (`GET /storefront-changes`, src/server/admin-edits.mjs) and drop their page
 * and read caches when it changes, so an edit shows within seconds (docs/decisions/042).
 *
 * Kept in Vendure's settings store (the database): every Vendure instance answers the same one.
 * A new random value, not a counter: two instances changing it at once still both change it.
 */
@Injectable()
export class StorefrontChangesService {
  constructor(
    private readonly settings: SettingsStoreService,
    private readonly requestContexts: RequestContextService,
  ) {}

  async current(ctx?: RequestContext): Promise<string> {
    const stored = await this.settings.get<{ generation?: unknown }>(ctx ?? (await this.systemCtx()), GENERATION_KEY);
    return typeof stored?.generation === 'string' ? stored.generation : 'initial';
  }

  /** A new generation; `reason` is logged by no one, it documents the call site. */
  async changed(ctx: RequestContext | undefined, _reason: string): Promise<string> {
    const next = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
    const result = await this.settings.set(ctx ?? (await this.systemCtx()), GENERATION_KEY, { generation: next });
    if (!result.result) throw new Error(`storefront generation not saved: ${result.error ?? 'unknown error'}`);
    return next;
  }

  private systemCtx(): Promise<RequestContext> {
    return this.requestContexts.create({ apiType: 'admin' });
  }
}

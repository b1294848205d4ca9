import { Controller, Get, Header } from '@nestjs/common';

import { StorefrontChangesService } from './storefront-changes.service';

/**
 * `GET /storefront-changes` → `{ generation }`: what the storefront's servers poll to learn that
 * the admin changed something (storefront-changes.service.ts). Public: the value says nothing but
 * "something changed". Never cached.
 */
@Controller('storefront-changes')
export class StorefrontChangesController {
  constructor(private readonly changes: StorefrontChangesService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async generation() {
    return { generation: await this.changes.current() };
  }
}

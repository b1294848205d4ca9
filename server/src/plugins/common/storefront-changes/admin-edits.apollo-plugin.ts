import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { Request } from 'express';

import type { StorefrontChangesService } from './storefront-changes.service';

/**
 * Every mutation the Admin API answers without an error is an edit the storefront may show
 * (a product, a price, a banner, a policy, a review approved...): it changes the storefront
 * generation. Caught here, at the API, so that no plugin's mutation is forgotten; edits are rare,
 * and a needless refresh of the storefront's caches costs one render per page.
 */
export class AdminEditsApolloPlugin implements ApolloServerPlugin<{ req: Request }> {
  private service?: StorefrontChangesService;

  attach(service: StorefrontChangesService) {
    this.service = service;
  }

  async requestDidStart(): Promise<GraphQLRequestListener<{ req: Request }>> {
    return {
      willSendResponse: async (rc) => {
        const req = rc.contextValue?.req;
        if (!this.service || !req || rc.operation?.operation !== 'mutation') return;
        if (!(req.baseUrl || req.originalUrl || '').includes('/admin-api')) return;
        const body = rc.response.body;
        const errors = body.kind === 'single' ? body.singleResult.errors : undefined;
        if (rc.errors?.length || errors?.length) return;
        // `login`/`logout` change nothing a shopper sees.
        const fields = rc.operation.selectionSet.selections.map((s) => (s.kind === 'Field' ? s.name.value : ''));
        if (fields.every((f) => f === 'login' || f === 'logout' || f === 'authenticate')) return;
        await this.service.changed(undefined, `admin mutation ${fields.join(', ')}`).catch(() => undefined);
      },
    };
  }
}

import { ChannelService, ConfigService, Role, TransactionalConnection } from '@vendure/core';

import { OWNER_ROLE, ownerPermissions } from '../../config/owner-role';
import { SeedStep } from '../types';

/**
 * The "Store owner" role on the default channel (server/src/config/owner-role.ts). The superadmin
 * gives it to the owner's administrator account in the admin (Settings → Administrators).
 * Saved through the repository: RoleService.create checks the permissions of an active user,
 * and the seed has none.
 */
export const ownerRoleStep: SeedStep = {
  name: 'owner-role',
  async run(seed) {
    const { injector, ctx } = seed;
    const repo = injector.get(TransactionalConnection).getRepository(ctx, Role);
    if (await repo.findOne({ where: { code: OWNER_ROLE.code } })) return;
    const channel = await injector.get(ChannelService).getDefaultChannel(ctx);
    const permissions = ownerPermissions(injector.get(ConfigService).authOptions.customPermissions);
    const role = new Role({ code: OWNER_ROLE.code, description: OWNER_ROLE.description, permissions });
    role.channels = [channel];
    await repo.save(role);
    seed.log(`role ${OWNER_ROLE.code}: ${permissions.length} permissions`);
  },
};

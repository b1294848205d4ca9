import { Permission, PermissionDefinition } from '@vendure/core';

/**
 * The store owner's role: runs the shop from the admin — catalogue, stock, prices and sales,
 * orders (fulfil, cancel, refund), customers, promotions, shipping and payment methods, taxes,
 * the shop's content, reviews and the contact inbox — without the superadmin's rights over the
 * installation: no staff accounts, API keys, channels, sellers or system (job queue) changes.
 */
export const OWNER_ROLE = {
  code: 'store-owner',
  description: 'Store owner / مالك المتجر',
} as const;

/** Kept for the superadmin: who may administer, and the installation itself. */
const RESERVED: ReadonlySet<string> = new Set([
  Permission.SuperAdmin,
  Permission.CreateAdministrator,
  Permission.UpdateAdministrator,
  Permission.DeleteAdministrator,
  Permission.CreateApiKey,
  Permission.UpdateApiKey,
  Permission.DeleteApiKey,
  Permission.CreateChannel,
  Permission.UpdateChannel,
  Permission.DeleteChannel,
  Permission.CreateSeller,
  Permission.UpdateSeller,
  Permission.DeleteSeller,
  Permission.CreateSystem,
  Permission.UpdateSystem,
  Permission.DeleteSystem,
]);

/** Pseudo-permissions of core that no role is given. */
const NOT_ASSIGNABLE: ReadonlySet<string> = new Set([Permission.Owner, Permission.Public]);

/**
 * The owner's permissions: every assignable one of core and of the plugins' custom permissions
 * (`authOptions.customPermissions`: store content, the contact inbox...), less the reserved ones.
 */
export function ownerPermissions(customPermissions: PermissionDefinition[]): Permission[] {
  const core = Object.values(Permission).filter((p) => !NOT_ASSIGNABLE.has(p));
  const custom = customPermissions.flatMap((d) =>
    d
      .getMetadata()
      .filter((m) => m.assignable)
      .map((m) => m.name as Permission),
  );
  return [...new Set([...core, ...custom])].filter((p) => !RESERVED.has(p));
}

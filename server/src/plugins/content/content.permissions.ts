import { CrudPermissionDefinition, PermissionDefinition } from '@vendure/core';

/** Read the messages sent through the storefront's contact form. */
export const contactUsReadPermission = new PermissionDefinition({
  name: 'ReadContactUsMessage',
  description: 'Allows reading messages sent through the storefront contact form',
});

/** Banners, super banners, policy pages, FAQs, social links and the header alert. */
export const storeContentPermission = new CrudPermissionDefinition('StoreContent');

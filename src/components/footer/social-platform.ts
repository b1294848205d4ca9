import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Known platforms by the code the back office stores ("instagram", "x"), named in the page's language. */
const PLATFORM_NAMES: Record<string, MessageDescriptor> = {
  instagram: msg`Instagram`,
  x: msg`X (Twitter)`,
  twitter: msg`X (Twitter)`,
  tiktok: msg`TikTok`,
  whatsapp: msg`WhatsApp`,
  facebook: msg`Facebook`,
  linkedin: msg`LinkedIn`,
  snapchat: msg`Snapchat`,
  youtube: msg`YouTube`,
  telegram: msg`Telegram`,
  pinterest: msg`Pinterest`,
};

/** A social platform's name; an unknown platform keeps what the back office wrote. */
export function socialPlatformName(i18n: I18n, platform: string): string {
  const descriptor = PLATFORM_NAMES[platform.trim().toLowerCase()];
  return descriptor ? i18n._(descriptor) : platform;
}

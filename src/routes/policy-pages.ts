/** The policy pages of spec §2: slug ↔ `type` query (the `GetPolitics` type). */
export const POLICY_PAGES = {
  'privacy-policy': 'privacy',
  'terms-conditions': 'usage',
  'warranty-policy': 'warranty',
  'exchange-and-return-policy': 'exchange',
} as const;

export type PolicySlug = keyof typeof POLICY_PAGES;
export type PolicyType = (typeof POLICY_PAGES)[PolicySlug];

/** The policy type of `/pages/{slug}?type={type}`, or null when the pair is not a known page. */
export function policyTypeOf(slug: string | undefined, type: string | null): PolicyType | null {
  if (!slug || !Object.hasOwn(POLICY_PAGES, slug)) return null;
  const expected = POLICY_PAGES[slug as PolicySlug];
  return type === expected ? expected : null;
}

export function policyHref(type: PolicyType): string {
  const slug = (Object.keys(POLICY_PAGES) as PolicySlug[]).find((s) => POLICY_PAGES[s] === type);
  return `/pages/${slug}?type=${type}`;
}

import { DeepPartial } from '@vendure/common/lib/shared-types';
import { LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

export const POLICY_TYPES = ['privacy', 'usage', 'warranty', 'exchange'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

/** A legal page (Shop API `Politics`); `content` is HTML that the storefront sanitises. */
@Entity()
@Index(['type', 'languageCode'], { unique: true })
export class PolicyPage extends VendureEntity {
  constructor(input?: DeepPartial<PolicyPage>) {
    super(input);
  }

  @Column('varchar', { length: 20 })
  type: PolicyType;

  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  /** The page title (`Politics.policy`). */
  @Column('varchar', { length: 200 })
  policy: string;

  @Column('text')
  content: string;
}

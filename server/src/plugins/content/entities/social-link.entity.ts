import { DeepPartial } from '@vendure/common/lib/shared-types';
import { VendureEntity } from '@vendure/core';
import { Column, Entity } from 'typeorm';

/** Language-neutral: the same accounts serve both storefront languages. */
@Entity()
export class SocialLink extends VendureEntity {
  constructor(input?: DeepPartial<SocialLink>) {
    super(input);
  }

  @Column('varchar', { length: 40 })
  platform: string;

  @Column('varchar', { length: 500 })
  link: string;

  /** An icon name the storefront maps to its icon set (e.g. `instagram`). */
  @Column('varchar', { nullable: true, length: 100 })
  icon: string | null;

  @Column('int', { default: 0 })
  sortOrder: number;
}

import { DeepPartial } from '@vendure/common/lib/shared-types';
import { Asset, LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index, JoinTable, ManyToMany } from 'typeorm';

/** A promotional tile placed on a page (`home`, `category`, ...) at a named position. */
@Entity()
@Index(['page', 'position', 'languageCode'])
export class Banner extends VendureEntity {
  constructor(input?: DeepPartial<Banner>) {
    super(input);
  }

  @Column('varchar', { length: 60 })
  page: string;

  @Column('varchar', { length: 60 })
  position: string;

  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  @Column('varchar', { nullable: true, length: 200 })
  slug: string | null;

  @Column('varchar', { nullable: true, length: 500 })
  redirectTo: string | null;

  @Column('varchar', { nullable: true, length: 200 })
  redirectToSlug: string | null;

  @Column('varchar', { nullable: true, length: 200 })
  title: string | null;

  @ManyToMany(() => Asset)
  @JoinTable()
  assets: Asset[];

  @Column('int', { default: 0 })
  sortOrder: number;

  @Column('boolean', { default: true })
  enabled: boolean;
}

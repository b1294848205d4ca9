import { DeepPartial, ID } from '@vendure/common/lib/shared-types';
import { Asset, EntityId, LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index, ManyToOne } from 'typeorm';

/** Full-width hero slide; one row per language (Arabic and English artwork differ). */
@Entity()
export class SuperBanner extends VendureEntity {
  constructor(input?: DeepPartial<SuperBanner>) {
    super(input);
  }

  @Index()
  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  // Nullable with SET NULL so that deleting an asset in the admin never fails on a banner;
  // banners without a desktop asset are simply not served.
  @ManyToOne(() => Asset, { nullable: true, onDelete: 'SET NULL' })
  asset: Asset | null;

  @EntityId({ nullable: true })
  assetId: ID | null;

  @ManyToOne(() => Asset, { nullable: true, onDelete: 'SET NULL' })
  mobileAsset: Asset | null;

  @EntityId({ nullable: true })
  mobileAssetId: ID | null;

  @Column('varchar', { nullable: true, length: 500 })
  redirectTo: string | null;

  @Column('varchar', { nullable: true, length: 200 })
  title: string | null;

  @Column('int', { default: 0 })
  position: number;

  @Column('boolean', { default: true })
  enabled: boolean;
}

import { DeepPartial } from '@vendure/common/lib/shared-types';
import { LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/** The dismissible header announcement; the newest enabled row of a language is shown. */
@Entity()
export class Alert extends VendureEntity {
  constructor(input?: DeepPartial<Alert>) {
    super(input);
  }

  @Index()
  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  /** The text shown in the header. */
  @Column('varchar', { length: 300 })
  name: string;

  @Column('varchar', { nullable: true, length: 500 })
  url: string | null;

  @Column('boolean', { default: true })
  enabled: boolean;
}

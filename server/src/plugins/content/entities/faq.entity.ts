import { DeepPartial } from '@vendure/common/lib/shared-types';
import { LanguageCode, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

@Entity()
export class Faq extends VendureEntity {
  constructor(input?: DeepPartial<Faq>) {
    super(input);
  }

  @Index()
  @Column('varchar', { length: 8 })
  languageCode: LanguageCode;

  @Column('varchar', { length: 300 })
  title: string;

  @Column('text')
  content: string;

  @Column('int', { default: 0 })
  sortOrder: number;

  @Column('boolean', { default: true })
  enabled: boolean;
}

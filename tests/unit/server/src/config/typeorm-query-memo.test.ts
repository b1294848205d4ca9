// @vitest-environment node
import { DataSource, EntitySchema } from 'typeorm';
import { QueryBuilder } from 'typeorm/query-builder/QueryBuilder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { memoizeQueryText } from '../../../../../server/src/config/typeorm-query-memo';

interface Shelf {
  id: number;
  label: string;
  books: Book[];
}
interface Book {
  id: number;
  title: string;
  shelf: Shelf;
}

// Two entities whose property names differ from their column names, as Vendure's do (`productVariantId` ...)
const ShelfEntity = new EntitySchema<Shelf>({
  name: 'Shelf',
  columns: { id: { type: Number, primary: true, generated: true }, label: { type: String, name: 'shelf_label' } },
  relations: { books: { type: 'one-to-many', target: 'Book', inverseSide: 'shelf' } },
});
const BookEntity = new EntitySchema<Book>({
  name: 'Book',
  columns: { id: { type: Number, primary: true, generated: true }, title: { type: String, name: 'book_title' } },
  relations: { shelf: { type: 'many-to-one', target: 'Shelf', joinColumn: { name: 'shelf_ref' }, inverseSide: 'books' } },
});

let ds: DataSource;
// TypeORM's own function, taken before the memo is installed
const original = (QueryBuilder.prototype as unknown as { replacePropertyNamesForTheWholeQuery: (this: unknown, s: string) => string })
  .replacePropertyNamesForTheWholeQuery;

beforeAll(async () => {
  ds = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [ShelfEntity, BookEntity], synchronize: true });
  await ds.initialize();
});
afterAll(() => ds?.destroy());

describe('memoizeQueryText (decision 025)', () => {
  it('builds the same SQL as TypeORM, and the queries still run', async () => {
    const cache = memoizeQueryText();
    expect(memoizeQueryText()).toBe(cache); // installed once
    const queries = () => [
      ds
        .getRepository(BookEntity)
        .createQueryBuilder('b')
        .leftJoinAndSelect('b.shelf', 's')
        .where('s.label = :l', { l: 'A' })
        .orderBy('b.title'),
      ds
        .getRepository(ShelfEntity)
        .createQueryBuilder('s')
        .leftJoin('s.books', 'b')
        .where('b.title LIKE :t', { t: '%x%' })
        .andWhere('s.id IN (:...ids)', { ids: [1, 2] }),
      ds.getRepository(BookEntity).createQueryBuilder('b').where('b.shelf = :id', { id: 1 }),
    ];
    for (const qb of queries()) {
      const memo = qb.getQuery();
      // what TypeORM alone makes of the same builder's text: the memo changes nothing
      const plain = qb.getQuery.call(
        Object.assign(Object.create(Object.getPrototypeOf(qb)), qb, { replacePropertyNamesForTheWholeQuery: original }),
      );
      expect(memo).toBe(plain);
    }
    expect(queries()[0].getQuery()).toContain('"s"."shelf_label"');
    expect(queries()[2].getQuery()).toContain('"b"."shelf_ref"');
    const size = cache.size;
    for (const qb of queries()) qb.getQuery();
    expect(cache.size).toBe(size); // asked again: answered from the memo

    const shelf = await ds.getRepository(ShelfEntity).save({ label: 'A' });
    await ds.getRepository(BookEntity).save({ title: 'Dune', shelf });
    const found = (await queries()[0].getMany()) as Book[];
    expect(found.map((b) => [b.title, b.shelf.label])).toEqual([['Dune', 'A']]);
  });

  it('keys on the aliases: the same text over other entities is another answer', () => {
    const calls: string[] = [];
    const proto = {
      replacePropertyNamesForTheWholeQuery(this: { expressionMap: { aliases: Array<{ name: string; metadata: object }> } }, s: string) {
        calls.push(s);
        return `${s} -> ${this.expressionMap.aliases.map((a) => (a.metadata as { n: string }).n).join(',')}`;
      },
    };
    const cache = memoizeQueryText(proto as never, 2);
    const shelf = { n: 'shelf' };
    const book = { n: 'book' };
    const builder = (metadata: object, name = 'x') => ({
      expressionMap: { aliasNamePrefixingEnabled: true, aliases: [{ name, hasMetadata: true, metadata }] },
    });
    const replace = (b: object, s: string) =>
      (proto.replacePropertyNamesForTheWholeQuery as (this: object, s: string) => string).call(b, s);
    expect(replace(builder(shelf), 'x.label = 1')).toBe('x.label = 1 -> shelf');
    expect(replace(builder(book), 'x.label = 1')).toBe('x.label = 1 -> book');
    expect(replace(builder(shelf), 'x.label = 1')).toBe('x.label = 1 -> shelf');
    expect(calls).toHaveLength(2);
    // at most `size` SQL texts: the least recently used goes, with every alias set of it
    replace(builder(shelf, 'y'), 'y.label = 1');
    replace(builder(shelf, 'z'), 'z.label = 1'); // x.label = 1 was the oldest
    expect(cache.size).toBe(2);
    expect([...cache.keys()]).toEqual(['y.label = 1', 'z.label = 1']);
    replace(builder(book), 'x.label = 1');
    expect(calls).toHaveLength(5);
    replace(builder(shelf, 'y'), 'y.label = 1');
    expect(calls).toHaveLength(6); // dropped in turn
  });
});

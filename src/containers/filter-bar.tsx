import { useEffect, useRef, useState } from 'react';
import type { CatalogueFiltersEvent } from '../../machines/catalogue-filters.machine';
import { draftFrom, nextDraft, type PriceRange } from '../../machines/lib/price-range';
import { FilterBar, type FilterBarProps } from '../components/catalogue/filter-bar';
import { withFilters } from '../lib/catalogue/listing-params';
import { useActorSelector } from './use-actor-selector';
import { usePageActor } from './use-page-actor';

/**
 * The listing's filter form with its price slider driven by the filters machine (a page actor);
 * the machine's `price.apply` becomes a navigation to the listing's canonical URL.
 */
export function FilterBarContainer(props: FilterBarProps) {
  const { params, data, hrefFor, navigate } = props;
  const bounds = data.priceBounds;

  // The price machine comes with the app's actors (after hydration; a price change asks for them).
  // Until then the slider shows the same draft from the URL, and a change made meanwhile is shown
  // here and queued for the machine.
  const [earlyDraft, setEarlyDraft] = useState<PriceRange | null>(null);
  const latest = useRef({ params, hrefFor, navigate });
  latest.current = { params, hrefFor, navigate };
  // What the machine was last told of the URL: a new machine starts from it, so no sync is due.
  const synced = useRef('');
  const urlKey = `${bounds.min}:${bounds.max}:${params.minPrice}:${params.maxPrice}`;

  const { actor: price, send: sendToMachine } = usePageActor('catalogueFilters', {
    input: { bounds, min: params.minPrice, max: params.maxPrice },
    eager: false,
    onStart: (actor) => {
      synced.current = urlKey;
      setEarlyDraft(null);
      // Subscribed before the queued events are replayed: a queued commit may apply at once.
      const sub = actor.on('price.apply', ({ min, max }) => {
        const l = latest.current;
        l.navigate(l.hrefFor(withFilters(l.params, { minPrice: min, maxPrice: max })));
      });
      return () => sub.unsubscribe();
    },
  });

  const send = (event: CatalogueFiltersEvent) => {
    if (!price && event.type === 'price.change') {
      setEarlyDraft((d) => nextDraft(d ?? draftFrom(bounds, params.minPrice, params.maxPrice), event, bounds));
    }
    sendToMachine(event);
  };

  const machineDraft = useActorSelector(price, (s) => s.context.draft, null);
  const draft = machineDraft ?? earlyDraft ?? draftFrom(bounds, params.minPrice, params.maxPrice);

  // The URL moved (back button, another filter, clear): the slider follows it.
  useEffect(() => {
    if (!price || synced.current === urlKey) return;
    synced.current = urlKey;
    price.send({ type: 'filters.sync', bounds, min: params.minPrice, max: params.maxPrice });
  }, [price, urlKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return <FilterBar {...props} price={{ draft, send }} />;
}

import { useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import type { CatalogueFiltersEvent, catalogueFiltersMachine } from '../../machines/catalogue-filters.machine';
import { draftFrom, nextDraft, type PriceRange } from '../../machines/lib/price-range';
import { FilterBar, type FilterBarProps } from '../components/catalogue/filter-bar';
import { withFilters } from '../lib/catalogue/listing-params';
import { useAppActorsHandle } from './app-actors';
import { useActorSelector } from './use-actor-selector';

type FiltersActor = Actor<typeof catalogueFiltersMachine>;

/**
 * The listing's filter form with its price slider driven by the filters machine. The machine is
 * spawned here rather than through `usePageActor` because its `price.apply` emit must be subscribed
 * before the events queued while the actors loaded are replayed into it.
 */
export function FilterBarContainer(props: FilterBarProps) {
    const { params, data, hrefFor, navigate } = props;
    const bounds = data.priceBounds;

    // The price machine comes with the app's actors (after hydration). Until then the slider shows
    // the same draft from the URL, and a change made meanwhile is kept and handed over.
    const { actors, load } = useAppActorsHandle();
    const [price, setPrice] = useState<FiltersActor | null>(null);
    const early = useRef<CatalogueFiltersEvent[]>([]);
    const [earlyDraft, setEarlyDraft] = useState<PriceRange | null>(null);
    const latest = useRef({ bounds, params, hrefFor, navigate });
    latest.current = { bounds, params, hrefFor, navigate };
    // What the machine was last told of the URL: a new machine starts from it, so no sync is due.
    const synced = useRef('');
    const urlKey = `${bounds.min}:${bounds.max}:${params.minPrice}:${params.maxPrice}`;

    useEffect(() => {
        if (!actors) return;
        const { bounds: b, params: p } = latest.current;
        const actor = actors.spawn(actors.machines.catalogueFilters, { input: { bounds: b, min: p.minPrice, max: p.maxPrice } });
        synced.current = `${b.min}:${b.max}:${p.minPrice}:${p.maxPrice}`;
        const sub = actor.on('price.apply', ({ min, max }) => {
            const l = latest.current;
            l.navigate(l.hrefFor(withFilters(l.params, { minPrice: min, maxPrice: max })));
        });
        actor.start();
        early.current.splice(0).forEach((event) => actor.send(event));
        setPrice(actor);
        setEarlyDraft(null);
        return () => {
            sub.unsubscribe();
            actor.stop();
            setPrice(null);
        };
    }, [actors]);

    const send = (event: CatalogueFiltersEvent) => {
        if (price) return price.send(event);
        early.current.push(event);
        if (event.type === 'price.change') setEarlyDraft((d) => nextDraft(d ?? draftFrom(bounds, params.minPrice, params.maxPrice), event, bounds));
        void load();
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

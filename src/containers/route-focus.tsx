import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Focus after a client-side move to another page (issue 20, item 2): the link or button that led
 * there is gone with the old page, and focus would fall back to <body> (a screen reader says
 * nothing, the next Tab starts from the top). The new page's heading takes focus, so it is read
 * out and Tab goes on from there. Only a change of path or of the search (`q`, the header search's
 * results page) counts: filters, sorting and paging change the rest of the query and keep focus on
 * their control; the checkout moves focus between its steps itself.
 * A page that already put focus somewhere in its content (a form's first field) keeps it.
 */
export function RouteFocus() {
  const { pathname, search } = useLocation();
  const page = `${pathname}?q=${new URLSearchParams(search).get('q') ?? ''}`;
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current === page) return;
    previous.current = page;
    const main = document.getElementById('main');
    if (!main || (document.activeElement && document.activeElement !== main && main.contains(document.activeElement))) return;
    const heading = main.querySelector<HTMLElement>('h1');
    const target = heading && heading.checkVisibility() ? heading : main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [page]);
  return null;
}

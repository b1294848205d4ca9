import type { ReactNode } from 'react';

/** A friendly "nothing here" block with a way out (clear filters, shop all ...). */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="empty-state__art">
        <path d="M4 7h16l-1.5 12.5a1.5 1.5 0 0 1-1.5 1.5H7a1.5 1.5 0 0 1-1.5-1.5z" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M9 7V5.5a3 3 0 0 1 6 0V7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}

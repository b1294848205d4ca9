import type { ReactNode } from 'react';

/** The frame of an editorial page: a heading block and the page's sections. */
export function ContentPage({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="content-page">
      <header className="page-hero">
        <div className="container page-hero__inner">
          <h1 className="page-hero__title">{title}</h1>
          {lead && <p className="page-hero__lead">{lead}</p>}
        </div>
      </header>
      <div className="container content-page__body">{children}</div>
    </article>
  );
}

export function ContentSection({ title, children, id }: { title: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section className="content-section" aria-labelledby={id}>
      <h2 id={id} className="content-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A grid of short feature cards (icon, title, text). */
export function FeatureGrid({ items }: { items: { icon: ReactNode; title: ReactNode; text: ReactNode; key: string }[] }) {
  return (
    <ul className="feature-grid">
      {items.map((item) => (
        <li key={item.key} className="feature-card">
          <span className="feature-card__icon" aria-hidden="true">
            {item.icon}
          </span>
          <h3 className="feature-card__title">{item.title}</h3>
          <p className="feature-card__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

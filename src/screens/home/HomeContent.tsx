import type { ContentItem } from '../../../protocol';

/** The operator's home blocks, in their order. */
export const HomeContent = ({ items }: { items: readonly ContentItem[] }) => (
  <section className="feature-grid">
    {items.map((item) => (
      <article key={item.id} className="feature">
        <h3 className="feature__title">{item.title}</h3>
        <p className="feature__body">{item.body}</p>
      </article>
    ))}
  </section>
);

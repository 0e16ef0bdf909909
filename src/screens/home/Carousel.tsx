import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CarouselItem } from '../../../protocol';
import { isSiteLink } from '../../../protocol/index/config';
import { useMediaQuery } from '../../hooks/useMediaQuery';

const ADVANCE_MS = 5000;

/** Home banners: one at a time, advancing by itself; dots choose one directly. It holds still
 * while the reader's focus or pointer is on it (the slide's text changed under a keyboard's focus
 * and a screen reader's cursor) and for a reader who asks for reduced motion. */
export const Carousel = ({ items }: { items: readonly CarouselItem[] }) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [focused, setFocused] = useState(false);
  const [pointed, setPointed] = useState(false);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)') || focused || pointed;
  useEffect(() => {
    if (items.length < 2 || still) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [items.length, still]);
  const current = items[index % Math.max(items.length, 1)];
  if (!current) return <div className="carousel carousel--empty" />;
  // An operator may leave a slide's image or link empty: then it shows its title alone, or leads
  // nowhere. A link is held to the rule it was written under once more (one stored before the rule
  // refused `/\host`, which browsers read as another site, leads nowhere either).
  const link = isSiteLink(current.link) ? current.link : '';
  const body = (
    <>
      {current.image && (
        <img className="carousel__image" src={current.image} alt="" width="390" height="150" />
      )}
      <span className="carousel__title">{current.title}</span>
    </>
  );
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setPointed(true)}
      onPointerLeave={() => setPointed(false)}
    >
      {!link ? (
        <div className="carousel__slide">{body}</div>
      ) : link.startsWith('/') ? (
        <Link to={link} className="carousel__slide">
          {body}
        </Link>
      ) : (
        <a href={link} className="carousel__slide" target="_blank" rel="noopener noreferrer">
          {body}
        </a>
      )}
      <div className="carousel__dots">
        {items.map((item, i) => (
          <button
            key={item.id}
            type="button"
            className={`carousel__dot${i === index ? ' is-active' : ''}`}
            aria-label={item.title}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
};

import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { HERO_SLIDES, SLIDE_INTERVAL_MS } from '../data';
import classes from './site.module.css';

function useReducedMotion() {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia(query);
    const update = () => setReduced(mq.matches);
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * The home hero: 3 slides, the next one every 8 s. It pauses on the pause button, while hovered or focused,
 * and never moves by itself when the visitor prefers reduced motion.
 */
export function HeroSlider() {
  const t = useT();
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const total = HERO_SLIDES.length;
  const playing = !paused && !reduced && !hovered;

  useEffect(() => {
    if (!playing) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % total), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(id);
  }, [playing, index, total]);

  const slide = HERO_SLIDES[index]!;
  return (
    <section
      className={classes.hero}
      aria-roledescription="carousel"
      aria-label={t('marketing.heroLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      data-testid="hero"
      data-slide={index}
    >
      <div className={classes.slide} role="group" aria-roledescription="slide" aria-label={t('marketing.slideOf', { n: index + 1, total })} aria-live={playing ? 'off' : 'polite'}>
        <img
          key={slide.image}
          src={slide.image}
          alt=""
          className={classes.slideImage}
          width={800}
          height={500}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
        <div className={classes.slideText}>
          <h1 className={classes.slideTitle}>{t(slide.title)}</h1>
          <p className={classes.slideBody}>{t(slide.text)}</p>
          <Button component={Link} to={slide.to} size="md" radius="xl">
            {t(slide.cta)}
          </Button>
        </div>
      </div>
      <div className={classes.heroControls}>
        <button type="button" className={classes.heroButton} onClick={() => setIndex((i) => (i - 1 + total) % total)} aria-label={t('marketing.previousSlide')}>
          ‹
        </button>
        {HERO_SLIDES.map((s, i) => (
          <button
            key={s.image}
            type="button"
            className={classes.dot}
            aria-label={t('marketing.goToSlide', { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
        <button type="button" className={classes.heroButton} onClick={() => setIndex((i) => (i + 1) % total)} aria-label={t('marketing.nextSlide')}>
          ›
        </button>
        {!reduced && (
          <button type="button" className={classes.heroButton} onClick={() => setPaused((p) => !p)} aria-label={paused ? t('marketing.play') : t('marketing.pause')} aria-pressed={paused}>
            {paused ? '▶' : '❚❚'}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The home page's carousel of three slides, built on embla (swipe and drag) with our own controls, so every
 * label is translated and the behaviour follows the WAI-ARIA carousel pattern:
 * - it turns by itself every few seconds, except under `prefers-reduced-motion`;
 * - hovering pauses it while the pointer stays; focus entering it stops it until the play button is pressed;
 * - previous/next buttons, one button per slide, a play/pause button, and the arrow keys move it;
 * - only the shown slide is reachable by keyboard and assistive technology (the others are inert).
 * The first slide is complete HTML before any script runs, and the pictures are sized: nothing moves on load.
 */
import { ActionIcon, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import useEmblaCarousel from 'embla-carousel-react';
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './hero-carousel.module.css';

const AUTOPLAY_DELAY_MS = 6000;

interface Slide {
  id: 'giant' | 'threeRoads' | 'laureates';
  image: string;
  /** Path under `/{lang}`. */
  to: string;
}

const SLIDES: readonly Slide[] = [
  { id: 'giant', image: '/art/giant.svg', to: '/roads' },
  { id: 'threeRoads', image: '/art/three-roads.svg', to: '/rules' },
  { id: 'laureates', image: '/art/summit-rider.svg', to: '/order' },
];

/** `auto` follows the motion preference; the other two are the visitor's choice (or focus entering). */
type Rotation = 'auto' | 'playing' | 'paused';

export function HeroCarousel() {
  const { t, i18n } = useTranslation();
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [rotation, setRotation] = useState<Rotation>('auto');
  const [hovered, setHovered] = useState(false);
  const slidesRef = useRef<HTMLDivElement>(null);
  const playing = rotation === 'playing' || (rotation === 'auto' && !reducedMotion);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  // One timer per shown slide: a manual move restarts the count, so a slide never flashes past.
  useEffect(() => {
    if (!embla || !playing || hovered) return;
    const timer = setTimeout(() => {
      // Never pull a focused link out from under the keyboard.
      if (slidesRef.current?.contains(document.activeElement)) return;
      embla.scrollNext(Boolean(reducedMotion));
    }, AUTOPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [embla, playing, hovered, selected, reducedMotion]);

  const go = useCallback(
    (move: 'previous' | 'next' | number) => {
      if (!embla) return;
      const jump = Boolean(reducedMotion);
      if (move === 'previous') embla.scrollPrev(jump);
      else if (move === 'next') embla.scrollNext(jump);
      else embla.scrollTo(move, jump);
    },
    [embla, reducedMotion],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go('previous');
    else if (event.key === 'ArrowRight') go('next');
    else return;
    event.preventDefault();
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const enteringFromOutside = !event.currentTarget.contains(event.relatedTarget as Node | null);
    if (enteringFromOutside && playing) setRotation('paused');
  };

  const slideLabel = (index: number) =>
    t('home:carousel.slideOf', { index: index + 1, total: SLIDES.length });

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t('home:carousel.label')}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="hero-carousel"
      data-playing={playing && !hovered}
      data-ready={Boolean(embla)}
    >
      <div className={classes.viewport} ref={viewportRef}>
        <div className={classes.container} ref={slidesRef}>
          {SLIDES.map((slide, index) => (
            <div
              key={slide.id}
              className={classes.slide}
              data-slide={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index)}
              inert={index !== selected}
              data-active={index === selected}
            >
              <Stack className={classes.text} gap="md" justify="center">
                <Title order={2} className={classes.title}>
                  {t(`home:carousel.slides.${slide.id}.title`)}
                </Title>
                <Text size="lg">{t(`home:carousel.slides.${slide.id}.text`)}</Text>
                <Group>
                  <Button component={Link} to={`/${i18n.language}${slide.to}`} size="md">
                    {t(`home:carousel.slides.${slide.id}.cta`)}
                  </Button>
                </Group>
              </Stack>
              <img
                className={classes.art}
                src={slide.image}
                width={800}
                height={500}
                alt={t(`home:carousel.slides.${slide.id}.alt`)}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding="async"
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>

      <Group className={classes.controls} justify="center" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          onClick={() => go('previous')}
          aria-label={t('home:carousel.previous')}
          data-testid="carousel-previous"
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>
        {SLIDES.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className={classes.dot}
            onClick={() => go(index)}
            aria-label={t('home:carousel.goTo', { index: index + 1 })}
            aria-current={index === selected ? 'true' : undefined}
          />
        ))}
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          onClick={() => go('next')}
          aria-label={t('home:carousel.next')}
          data-testid="carousel-next"
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          color="dark"
          size="lg"
          radius="xl"
          onClick={() => setRotation(playing ? 'paused' : 'playing')}
          aria-label={playing ? t('home:carousel.pause') : t('home:carousel.play')}
          data-testid="carousel-play-pause"
        >
          {playing ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
        </ActionIcon>
      </Group>
      {/* Announces manual moves only: a slide changing on its own every few seconds must not talk over. */}
      <VisuallyHidden aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {slideLabel(selected)}
      </VisuallyHidden>
    </section>
  );
}

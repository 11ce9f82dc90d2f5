/**
 * The home page's carousel of three slides, drawn by the browser without a script: a horizontal scroller with
 * CSS scroll snapping (swipe, the arrow keys and the wheel move it, one slide at a time), and one link per slide,
 * to the slide's anchor, below it. The browser marks the link of the slide in view (`scroll-target-group`) where
 * it can. It does not turn by itself: nothing moves unless the visitor moves it (WCAG 2.2.2), and no script is
 * needed for it (docs/decisions/0041-pages-without-scripts.md). The first slide is complete HTML and the pictures
 * are sized: nothing moves on load.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './hero-carousel.module.css';
// The first slide's drawing is the home page's largest paint: written into the page, it needs no request.
import giantDrawing from './giant.svg?inline';

interface Slide {
  id: 'giant' | 'threeRoads' | 'laureates';
  image: string;
  /** Path under `/{lang}`. */
  to: string;
}

const SLIDES: readonly Slide[] = [
  { id: 'giant', image: giantDrawing, to: '/roads' },
  { id: 'threeRoads', image: '/art/three-roads.svg', to: '/rules' },
  { id: 'laureates', image: '/art/summit-rider.svg', to: '/order' },
];

const anchorOf = (slide: Slide) => `slide-${slide.id}`;

export function HeroCarousel() {
  const { t, i18n } = useTranslation();
  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t('home:carousel.label')}
      data-testid="hero-carousel"
    >
      <div className={classes.viewport}>
        {SLIDES.map((slide, index) => (
          <div
            key={slide.id}
            id={anchorOf(slide)}
            className={classes.slide}
            data-slide={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home:carousel.slideOf', { index: index + 1, total: SLIDES.length })}
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
              loading={index === 0 ? undefined : 'lazy'}
              decoding="async"
              draggable={false}
            />
          </div>
        ))}
      </div>
      <Group className={classes.controls} justify="center" gap="xs">
        {SLIDES.map((slide, index) => (
          <a
            key={slide.id}
            href={`#${anchorOf(slide)}`}
            className={classes.dot}
            aria-label={t('home:carousel.goTo', { index: index + 1 })}
            data-testid={`carousel-go-${index + 1}`}
          />
        ))}
      </Group>
    </section>
  );
}

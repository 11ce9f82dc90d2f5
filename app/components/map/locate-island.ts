/**
 * The map of the day's "Show where I am", as an island (decision 0041): the page has no client, so this small
 * script is inlined, after the page's HTML, by the server (app/lib/page-without-client.server.ts) when the page
 * holds its button; it is bundled and minified at build time (`?inline-script`, scripts/vite-plugins.ts). It shows
 * the button (hidden without scripts, where it could do nothing), asks the browser for the position on a press
 * only, and draws the dot with the projection the server drew the map with. The position never leaves the browser.
 */
import { distanceM } from '../../../domain/track/geo.ts';
import type { LocateConfig } from './locate-config.ts';

function locateOnMap() {
  const box = document.querySelector<HTMLElement>('[data-locate-me]');
  const button = box?.querySelector('button');
  const status = box?.querySelector('[role="status"]');
  const map = document.querySelector<SVGSVGElement>('svg[data-testid="day-map"]');
  if (!box || !button || !status || !map) return;
  const config = JSON.parse(box.dataset.locateMe ?? '{}') as LocateConfig;
  box.hidden = false;

  const project = (lat: number, lon: number) => {
    const p = config.projection;
    return [p.offsetX + (lon - p.west) * p.kx * p.scale, p.offsetY + (p.north - lat) * p.scale] as const;
  };
  // Rounded to 100 m.
  const kmToSummit = (lat: number, lon: number) =>
    Math.round(distanceM({ lat, lon }, config.summit) / 100) / 10;
  const circle = (r: number, attributes: Record<string, string>) => {
    const element = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    element.setAttribute('r', String(r));
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  const showDot = (x: number, y: number) => {
    map.querySelector('[data-testid="map-position"]')?.remove();
    const dot = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    dot.setAttribute('data-testid', 'map-position');
    dot.setAttribute('transform', `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
    dot.append(
      circle(14, { fill: '#228be6', opacity: '0.25' }),
      circle(6, { fill: '#1864ab', stroke: '#fff', 'stroke-width': '2' }),
    );
    map.append(dot);
  };
  const done = (text: string) => {
    status.textContent = text;
    button.disabled = false;
    button.removeAttribute('aria-busy');
  };

  button.addEventListener('click', () => {
    if (!('geolocation' in navigator)) return done(config.messages.unavailable);
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const [x, y] = project(coords.latitude, coords.longitude);
        const onMap = x >= 0 && x <= config.projection.width && y >= 0 && y <= config.projection.height;
        if (onMap) showDot(x, y);
        else map.querySelector('[data-testid="map-position"]')?.remove();
        const km = new Intl.NumberFormat(config.locale).format(kmToSummit(coords.latitude, coords.longitude));
        done((onMap ? config.messages.onMap : config.messages.offMap).replace('%KM%', km));
      },
      (error) =>
        done(error.code === error.PERMISSION_DENIED ? config.messages.denied : config.messages.unavailable),
      // Bounded: the browser gives up after 20 s and says so.
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}

locateOnMap();

/**
 * The map of the day's "Show where I am", as an island (decision 0041): the page has no client, so this small
 * function is inlined, after the page's HTML, by the server (app/lib/page-without-client.server.ts) when the page
 * holds its button. It shows the button (hidden without scripts, where it could do nothing), asks the browser for the
 * position on a press only, and draws the dot with the projection the server drew the map with. The position never
 * leaves the browser.
 */

/** What the server tells the island, on the button's container (`data-locate-me`, JSON). */
export interface LocateConfig {
  /** The map's projection (app/components/track/mountain-drawing.ts), its drawing's size. */
  projection: {
    offsetX: number;
    offsetY: number;
    west: number;
    north: number;
    kx: number;
    scale: number;
    width: number;
    height: number;
  };
  summit: { lat: number; lon: number };
  locale: string;
  /** Texts of the status line, translated; `%KM%` stands for the distance's number. */
  messages: { onMap: string; offMap: string; denied: string; unavailable: string };
}

export const LOCATE_MARKER = 'data-locate-me';

/** Runs in the browser, as the island's text: it must only use the DOM and what it reads there. */
export function locateOnMap() {
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
  // Haversine, as domain/track/geo.ts, rounded to 100 m.
  const kmToSummit = (lat: number, lon: number) => {
    const rad = Math.PI / 180;
    const { summit } = config;
    const h =
      Math.sin(((summit.lat - lat) * rad) / 2) ** 2 +
      Math.cos(lat * rad) * Math.cos(summit.lat * rad) * Math.sin(((summit.lon - lon) * rad) / 2) ** 2;
    return Math.round((2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)))) / 100) / 10;
  };
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

/** What the map of the day's "Show where I am" island (locate-island.ts) reads from the page. */

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

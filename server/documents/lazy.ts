/**
 * The PDF makers, loaded when the first document is made rather than at start: pdf-lib, fontkit, the QR code
 * encoder and the fonts cost tens of MB in every process, and most processes never make a PDF (decision 0054).
 * The module loader keeps each module once loaded, so only the first call waits.
 */
import type * as Diploma from './diploma.ts';
import type * as Labels from './labels.ts';
import type * as Render from './render.ts';

export async function renderDocument(...args: Parameters<typeof Render.renderDocument>) {
  return (await import('./render.ts')).renderDocument(...args);
}

export async function renderBatch(...args: Parameters<typeof Render.renderBatch>) {
  return (await import('./render.ts')).renderBatch(...args);
}

export async function renderDiploma(...args: Parameters<typeof Diploma.renderDiploma>) {
  return (await import('./diploma.ts')).renderDiploma(...args);
}

/** The address labels of kits to post. */
export async function renderKitLabels(kits: readonly Labels.KitToPost[], locale: string) {
  const { labelsOf, renderLabels } = await import('./labels.ts');
  return renderLabels(labelsOf(kits), locale);
}

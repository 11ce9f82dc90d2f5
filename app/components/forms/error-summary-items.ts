/**
 * What an error summary lists (GOV.UK's error summary): one entry per field at fault, in the form's order, each
 * linking to its field by a stable id, named with the field's own label. Pure, so that the server's page (after a
 * refused post) and the browser's checks list the same entries.
 */

/**
 * The id a form field carries, so that a summary's link (`#field-…`) reaches it without scripts. `scope` tells
 * apart two forms of one page that share a field's name (the account's profile and password tabs): an id is unique.
 */
export function fieldId(path: string, scope = ''): string {
  return `${scope ? `${scope}-` : ''}field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

interface SummaryItem {
  path: string;
  /** `#field-…`, the field's id. */
  href: string;
  /** The field's label, as the form shows it. */
  label: string;
  /** The message key of the field's error. */
  message: string;
}

/**
 * The entries for the errors shown: only fields the form names (`label` answers their label; other paths, such as
 * the form-wide `_form`, are the message at the top), ordered as `order` lists the fields, else as given.
 */
export function summaryItems(
  errors: Record<string, unknown>,
  label: (path: string) => string | null | undefined,
  order: readonly string[] = [],
  scope = '',
): SummaryItem[] {
  const rank = (path: string) => {
    const at = order.indexOf(path);
    return at === -1 ? order.length : at;
  };
  const items: SummaryItem[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message !== 'string' || message === '') continue;
    const text = label(path);
    if (!text) continue;
    // A statement's label is a sentence: as the name of a link its full stop is noise.
    items.push({ path, href: `#${fieldId(path, scope)}`, label: text.replace(/[.:]\s*$/, ''), message });
  }
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.path) - rank(b.item.path) || a.index - b.index)
    .map(({ item }) => item);
}

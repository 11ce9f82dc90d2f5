/**
 * How a postal address is written, in the order of its country's post: the one rule for the address labels, the
 * documents and the pages. Most countries the club sees (FR, BE, NL, DE, IT, ES, CH, …) write the postcode before
 * the town on one line; the United Kingdom and Ireland write the town, then the postcode on a line of its own;
 * the United States, Canada and Australia write the town (with its state) then the postcode on one line.
 */

export interface PostalAddress {
  adresse: string;
  complement?: string | null;
  code_postal: string;
  ville: string;
  /** ISO 3166 alpha-2, lowercase. */
  pays: string;
}

/** Town, then the postcode on its own line. */
const POSTCODE_BELOW_TOWN: readonly string[] = ['gb', 'ie'];
/** "Town STATE postcode" on one line (the state is written with the town). */
const POSTCODE_AFTER_TOWN: readonly string[] = ['us', 'ca', 'au'];

/**
 * The lines of an address after the addressee's name, without the country (which each reader names in its own
 * language). `upperCaseTown`: the town in capitals, as the post asks on an envelope.
 */
export function postalAddressLines(
  address: PostalAddress,
  { upperCaseTown = false }: { upperCaseTown?: boolean } = {},
): string[] {
  const street = [address.adresse, address.complement ?? ''].map((line) => line.trim()).filter(Boolean);
  const town = upperCaseTown ? address.ville.trim().toUpperCase() : address.ville.trim();
  const postcode = address.code_postal.trim();
  const country = address.pays.toLowerCase();
  if (POSTCODE_BELOW_TOWN.includes(country)) return [...street, town, postcode].filter(Boolean);
  const locality = POSTCODE_AFTER_TOWN.includes(country) ? `${town} ${postcode}` : `${postcode} ${town}`;
  return [...street, locality.trim()].filter(Boolean);
}

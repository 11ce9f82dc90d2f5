/**
 * The one home of the club's postal address (where riders post their route card): the route card, the kit email,
 * the rules page and the account's "return the card" step all ask `postalAddress()`, never the configuration.
 * Today it is CLUB_POSTAL_ADDRESS (server/config.ts, required when payments are live); a test site without it
 * shows a demonstration address, marked as such wherever it appears. Asynchronous so that it can come from the
 * back office's settings later without changing its callers.
 */
import type { ClubPostalAddress } from '../../../contracts/club-address.ts';
import type { Config } from '../../config.ts';

/** Not a real address: shown only on a test site, always with the words "demonstration address". */
export const DEMONSTRATION_POSTAL_ADDRESS: readonly string[] = [
  'Club des Cinglés du Mont-Ventoux',
  '1 place de la Démonstration',
  '84410 Bédoin',
  'France',
];

export function createClubAddressService({ config }: { config: Pick<Config, 'clubPostalAddress'> }) {
  const address: ClubPostalAddress = config.clubPostalAddress
    ? { lines: config.clubPostalAddress, demonstration: false }
    : { lines: DEMONSTRATION_POSTAL_ADDRESS, demonstration: true };
  return {
    async postalAddress(): Promise<ClubPostalAddress> {
      return address;
    },
  };
}

export type ClubAddressService = ReturnType<typeof createClubAddressService>;

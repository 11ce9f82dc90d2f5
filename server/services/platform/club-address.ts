/**
 * The one home of the club's postal address (where riders post their route card): the route card, the kit email,
 * the rules page and the account's "return the card" step all ask `postalAddress()`, never the configuration.
 * It is the club's settings' `club_postal_address` (services/platform/settings.ts, seeded from CLUB_POSTAL_ADDRESS,
 * required when payments are live); a test site without it shows a demonstration address, marked as such wherever
 * it appears.
 */
import type { ClubPostalAddress } from '../../../contracts/club-address.ts';
import type { SettingsService } from './settings.ts';

/** Not a real address: shown only on a test site, always with the words "demonstration address". */
export const DEMONSTRATION_POSTAL_ADDRESS: readonly string[] = [
  'Club des Cinglés du Mont-Ventoux',
  '1 place de la Démonstration',
  '84410 Bédoin',
  'France',
];

export function createClubAddressService({ settings }: { settings: Pick<SettingsService, 'values'> }) {
  return {
    async postalAddress(): Promise<ClubPostalAddress> {
      const lines = (await settings.values()).club_postal_address;
      return lines
        ? { lines, demonstration: false }
        : { lines: DEMONSTRATION_POSTAL_ADDRESS, demonstration: true };
    },
  };
}

export type ClubAddressService = ReturnType<typeof createClubAddressService>;

/**
 * The club's postal address, where riders post their route card, one line each as on an envelope; a test site's
 * demonstration address says so in the reader's language. Its value comes from the loader
 * (`services.clubAddress.postalAddress()`), never from the page.
 */
import { Text } from '@mantine/core';
import { createContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubPostalAddress as Address } from '../../contracts/club-address.ts';

export function ClubPostalAddress({ address, size = 'sm' }: { address: Address; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid="club-postal-address">
      <Text component="address" size={size} fw={600} fs="normal" style={{ overflowWrap: 'anywhere' }}>
        {address.lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </Text>
      {address.demonstration && (
        <Text size="xs" fw={700} c="red.9" mt={4} data-testid="club-postal-address-demonstration">
          {t('postalAddress.demonstration')}
        </Text>
      )}
    </div>
  );
}

/**
 * The address handed down to what a page draws deep inside (the account's "return the card" step), from the
 * page's loader; null where the page did not read it.
 */
export const ClubPostalAddressContext = createContext<Address | null>(null);

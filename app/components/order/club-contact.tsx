/**
 * Whom to write to about a registration the buyer can no longer change here: the club's address, the reference
 * already in the subject so that the volunteer finds it at once. A notice on a page of its own; a line of text in
 * an order of the account page, which has one for each paid order.
 */
import { Anchor, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useRootData } from '../../lib/root-data.ts';
import { Notice } from './notice.tsx';

export function ClubContact({
  reference,
  reason,
  variant = 'notice',
}: {
  reference: string;
  /** Why the club is written to, ending where the address follows. */
  reason: string;
  variant?: 'notice' | 'inline';
}) {
  const contactEmail = useRootData()?.settings.contactEmail ?? '';
  const address = contactEmail && (
    <Anchor
      href={`mailto:${contactEmail}?subject=${encodeURIComponent(reference)}`}
      fw={600}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {contactEmail}
    </Anchor>
  );
  if (variant === 'inline') {
    return (
      <Text size="sm" c="gray.7" data-testid="club-contact">
        {reason} {address}
      </Text>
    );
  }
  return (
    <Notice color="blue" icon={<IconMail aria-hidden />} data-testid="club-contact">
      <Text size="sm">{reason}</Text>
      {address && <Text mt={4}>{address}</Text>}
    </Notice>
  );
}

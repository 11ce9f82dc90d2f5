/**
 * The order form's word when the club takes no new order (its settings, issue 47): why, in the reader's language,
 * before the buyer types anything. Announced politely, and shown without scripts as part of the page.
 */
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';

export function RegistrationsClosed({
  registrations,
}: {
  registrations: { open: boolean; message: string };
}) {
  const { t } = useTranslation('order');
  if (registrations.open) return null;
  return (
    <Notice
      color="orange"
      icon={<IconLock size={18} aria-hidden />}
      title={t('order.closed.title')}
      role="status"
      data-testid="registrations-closed"
    >
      {registrations.message || t('order.closed.text')}
    </Notice>
  );
}

/**
 * The admin area's dialog: Mantine's modal with a named close button, the admin pages' readable error red, and
 * a header that is not a page banner (Mantine draws it as <header>, which outside <main> would count as a second
 * banner landmark).
 */
import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableClass } from './admin-page.tsx';

export function AdminModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size} className={readableClass}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('admin:close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

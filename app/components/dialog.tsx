/**
 * The site's dialog: Mantine's modal, centred, with a named close button and a header that is not a page banner
 * (Mantine draws it as <header>, which outside <main> would count as a second banner landmark).
 */
import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function Dialog({
  opened,
  onClose,
  title,
  closeLabel,
  size,
  className,
  returnFocus = true,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  size?: ModalRootProps['size'];
  className?: string;
  /** False when what the dialog did moves the focus elsewhere (a message that replaces the form). */
  returnFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      size={size}
      className={className}
      returnFocus={returnFocus}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

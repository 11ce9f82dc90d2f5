/** The admin area's dialog: the site's dialog (../dialog.tsx) with the admin pages' readable error red. */
import { Button, Group, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog.tsx';
import { readableClass } from './admin-page.tsx';

export function AdminModal({
  opened,
  onClose,
  title,
  size,
  returnFocus,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  returnFocus?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      closeLabel={t('admin:close')}
      size={size}
      returnFocus={returnFocus}
      className={readableClass}
    >
      {children}
    </Dialog>
  );
}

/** A confirmation's buttons: cancel, and the action, which takes the focus as the dialog opens. */
export function ConfirmButtons({
  onCancel,
  onConfirm,
  loading,
  testId,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('admin:cancel')}
      </Button>
      <Button onClick={onConfirm} loading={loading} data-autofocus data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}

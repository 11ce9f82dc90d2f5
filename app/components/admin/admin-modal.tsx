/** The admin area's dialog: the site's dialog (../dialog.tsx) with the admin pages' readable error red. */
import type { ModalRootProps } from '@mantine/core';
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

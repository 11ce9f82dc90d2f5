/** The message at the top of a form: what went wrong as a whole, or that it worked. Announced by screen readers. */
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function FormAlert({
  kind,
  title,
  children,
  testId,
}: {
  kind: 'error' | 'success';
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const error = kind === 'error';
  return (
    <Alert
      role={error ? 'alert' : 'status'}
      color={error ? 'red' : 'green'}
      variant="light"
      title={title}
      icon={error ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      data-testid={testId ?? `form-${kind}`}
    >
      {children}
    </Alert>
  );
}

/** A refund's state as a badge: the colour is a dot, the word says it (never colour alone). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '../../../domain/refunds.ts';

const COLORS: Record<RefundStatus, string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="dot" data-testid="refund-status">
      {t(`admin:refunds.statuses.${status}`)}
    </Badge>
  );
}

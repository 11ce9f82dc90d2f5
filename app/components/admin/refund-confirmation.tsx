/**
 * The question before money moves (issue 48): whom a refund pays, how much, through which provider, and that it
 * cannot be undone. The page's action answers a first post with this step (decision 0032); with the page's scripts
 * it opens as the admin area's ConfirmDialog, without them it is a panel with the same form posted again with
 * `confirmed` and a link back that moves nothing.
 */
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSubmit } from 'react-router';
import type { PaymentProviderId } from '../../../domain/payment-methods.ts';
import { useFormat } from '../../lib/format.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { usePosting } from '../../lib/posted-form.ts';
import { ConfirmDialog } from './admin-modal.tsx';

/** The field a confirmed post carries, and its value. */
export const CONFIRMED = { name: 'confirmed', value: 'yes' } as const;

export interface RefundSummary {
  amountCents: number;
  currency: string;
  provider: PaymentProviderId | null;
  /** Who receives the money: the order's buyer, null once the account is gone. */
  buyer: string | null;
  /** The registrations it withdraws. */
  candidates: readonly string[];
  /** The club's fee kept (a buyer's request). */
  feeCents?: number;
  /** What the order could still give back afterwards. */
  afterCents?: number;
}

function SummaryText({ summary }: { summary: RefundSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (cents: number) => format.money(cents, summary.currency);
  const provider = t(`admin:refunds.providers.${summary.provider ?? 'unknown'}`);
  return (
    <Stack gap="xs">
      <Text fw={600} data-testid="refund-confirm-summary">
        {summary.buyer
          ? t('admin:refunds.confirm.text', {
              amount: money(summary.amountCents),
              buyer: summary.buyer,
              provider,
            })
          : t('admin:refunds.confirm.textNoBuyer', { amount: money(summary.amountCents), provider })}
      </Text>
      {summary.candidates.length > 0 && (
        <div>
          <Text size="sm">{t('admin:refunds.confirm.candidates', { count: summary.candidates.length })}</Text>
          <List size="sm">
            {summary.candidates.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </div>
      )}
      {summary.feeCents !== undefined && summary.feeCents > 0 && (
        <Text size="sm">{t('admin:refunds.confirm.fee', { fee: money(summary.feeCents) })}</Text>
      )}
      {summary.afterCents !== undefined && (
        <Text size="sm">{t('admin:refunds.confirm.after', { amount: money(summary.afterCents) })}</Text>
      )}
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
        <Text size="sm">{t('admin:refunds.confirm.final')}</Text>
      </Alert>
    </Stack>
  );
}

/** Without the page's scripts: the same question as a panel, its form posting the values again, confirmed. */
function ConfirmationPanel({
  summary,
  values,
  cancelTo,
  titleId,
}: {
  summary: RefundSummary;
  values: Record<string, string>;
  cancelTo: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={titleId}
      data-testid="refund-confirm"
      style={{ borderColor: 'var(--mantine-color-orange-6)' }}
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('admin:refunds.confirm.title')}
      </Title>
      <SummaryText summary={summary} />
      <Form method="post">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED.name} value={CONFIRMED.value} />
        <Group justify="flex-end" gap="sm" mt="md">
          <Button component={Link} to={cancelTo} variant="default" data-testid="refund-confirm-cancel">
            {t('admin:cancel')}
          </Button>
          <Button type="submit" data-testid="refund-confirm-submit">
            {t('admin:refunds.confirm.action', {
              amount: format.money(summary.amountCents, summary.currency),
            })}
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}

/**
 * The confirmation of one refund step answered by the action. Give it a `key` that changes with each step, so
 * that a dialog closed by "Cancel" opens again for the next one.
 */
export function RefundConfirmation({
  summary,
  values,
  cancelTo,
  titleId,
}: {
  summary: RefundSummary;
  /** The first post's fields, posted again with `confirmed`. */
  values: Record<string, string>;
  /** Where "Cancel" goes without the scripts: the page itself, as it was. */
  cancelTo: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [open, setOpen] = useState(true);
  const posting = usePosting({ [CONFIRMED.name]: CONFIRMED.value });
  if (!hydrated)
    return <ConfirmationPanel summary={summary} values={values} cancelTo={cancelTo} titleId={titleId} />;
  return (
    <ConfirmDialog
      opened={open}
      onClose={() => setOpen(false)}
      onConfirm={() =>
        void submit(
          { ...values, [CONFIRMED.name]: CONFIRMED.value },
          { method: 'post', preventScrollReset: true },
        )
      }
      loading={posting}
      title={t('admin:refunds.confirm.title')}
      text={null}
      action={t('admin:refunds.confirm.action', {
        amount: format.money(summary.amountCents, summary.currency),
      })}
      testId="refund-confirm"
      confirmTestId="refund-confirm-submit"
    >
      <SummaryText summary={summary} />
    </ConfirmDialog>
  );
}

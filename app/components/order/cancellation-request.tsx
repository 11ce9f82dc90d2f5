/**
 * A buyer's cancellation request, beside "change" on a paid registration no volunteer has started on: a form posted
 * to the account page's action (intent `cancel-registration`), so that it works before the page's scripts do. Once
 * asked, the registration says the club will answer; a request declined says why.
 */
import { Box, Button, Stack, Text } from '@mantine/core';
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PresentedCandidate } from '../../../contracts/orders.ts';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import { useFormat } from '../../lib/format.ts';
import { usePosting, useRefusalFor } from '../../lib/posted-form.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ReasonField, RefusalMessage } from '../forms/posted-reason.tsx';

export function CancellationRequest({
  orderId,
  candidate,
  name,
  request,
}: {
  orderId: number;
  candidate: PresentedCandidate;
  name: string;
  /** The latest request naming this registration, if any. */
  request: CancellationRequestView | undefined;
}) {
  const { t } = useTranslation('order');
  const format = useFormat();
  if (request?.status === 'open')
    return (
      <Text size="sm" mt="xs" fw={600} data-testid="cancellation-open">
        {t('cancellation.open', { date: format.timestamp(request.created_at) })}
      </Text>
    );
  const declined = request?.status === 'declined' && (
    <Text size="sm" mt="xs" data-testid="cancellation-declined">
      {t('cancellation.declined', { reason: request.decline_reason ?? '' })}
    </Text>
  );
  if (candidate.changeable !== 'all') return declined || null;
  return (
    <>
      {declined}
      <CancellationForm orderId={orderId} candidate={candidate} name={name} />
    </>
  );
}

/** Folded under its summary, open again when the action refused it. */
function CancellationForm({
  orderId,
  candidate,
  name,
}: {
  orderId: number;
  candidate: PresentedCandidate;
  name: string;
}) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const feeCents = useRootData()?.settings.refundFeeCents ?? 0;
  const refusal = useRefusalFor('candidate', String(candidate.id));
  const busy = usePosting({ candidate: String(candidate.id) });
  return (
    <Box component="details" mt="xs" open={refusal !== undefined || undefined} data-testid="cancellation">
      <Box component="summary" fz="sm" c="club.8" style={{ cursor: 'pointer' }}>
        {t('cancellation.ask', { name })}
      </Box>
      <Form method="post" action="?tab=orders">
        <input type="hidden" name="intent" value="cancel-registration" />
        <input type="hidden" name="order" value={orderId} />
        <input type="hidden" name="candidate" value={candidate.id} />
        <Stack gap="xs" mt="xs">
          <Text size="sm">
            {feeCents > 0
              ? t('cancellation.feeNote', { fee: format.money(feeCents, 'EUR') })
              : t('cancellation.noFeeNote')}
          </Text>
          <ReasonField
            refusal={refusal}
            id={`cancellation-reason-${candidate.id}`}
            label={t('cancellation.reason')}
            testId="cancellation-reason"
          />
          <RefusalMessage refusal={refusal} size="sm" />
          <Button
            type="submit"
            variant="default"
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
            data-testid="cancellation-submit"
          >
            {t('cancellation.submit')}
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

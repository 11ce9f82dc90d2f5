/**
 * Buyers' cancellation requests (decision 0039), open ones first, as cards at every width: who asks, for whom, why,
 * and what approving gives back (the price less the club's fee). Approving refunds through the order's provider,
 * once the volunteer has confirmed whom, how much and through which provider (a refund cannot be undone);
 * declining needs a reason, which the buyer is emailed. Both forms post to this page's action (decision 0032).
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import type { CancellationRequestStatus } from '../../../domain/refunds.ts';
import { declineBody } from '../../../domain/schemas/refunds.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { ActionOutcome } from '../../components/admin/action-outcome.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { CONFIRMED, RefundConfirmation } from '../../components/admin/refund-confirmation.tsx';
import { StatusBadge } from '../../components/admin/labels.tsx';
import { ReasonField, RefusalMessage } from '../../components/forms/posted-reason.tsx';
import { useFormat } from '../../lib/format.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { FormRefusal } from '../../lib/form-refusal.ts';
import { idOr404 } from '../../lib/page-params.ts';
import { usePosting, useRefusalFor } from '../../lib/posted-form.ts';
import { requireStaff } from '../../lib/require-user.ts';
import type { Route } from './+types/cancellation-requests';
import { StepUpPrompt } from '../../components/admin/step-up-prompt.tsx';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'money.read');
  return { requests: await services.cancellationRequests.list(user) };
}

/** Approve (intent `approve`) or decline with a reason (intent `decline`) one request. */
export async function action(args: Route.ActionArgs) {
  const { user } = requireStaff(args, 'money.refund');
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const requestId = idOr404(values.request);
  if (values.intent === 'approve') {
    // The first post asks: the page shows what approving gives back, and the money moves once confirmed.
    if (values[CONFIRMED.name] !== CONFIRMED.value)
      return { intent: 'confirm', request: values.request, step: globalThis.crypto.randomUUID() };
    try {
      return {
        intent: 'approve',
        request: values.request,
        refund: await actions.approveCancellation(user.id, requestId),
      };
    } catch (error) {
      return serviceRefusal(error, values);
    }
  }
  if (values.intent === 'decline') {
    const parsed = parseForm(declineBody, values);
    if ('refusal' in parsed) return parsed.refusal;
    try {
      await actions.declineCancellation(user.id, requestId, parsed.input.reason);
      return { intent: 'decline', request: values.request };
    } catch (error) {
      return serviceRefusal(error, values);
    }
  }
  throw data(null, { status: 400 });
}

const STATUS_COLORS: Record<CancellationRequestStatus, string> = {
  open: 'orange',
  approved: 'green',
  declined: 'gray',
};

/** Who asked, when, for which registrations and why, and what the refund would be. */
function RequestSummary({ request, titleId }: { request: CancellationRequestView; titleId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700} id={titleId}>
            {t('admin:requests.order', { reference: request.order_reference })}
          </Text>
          <Text size="sm" c="dimmed">
            {format.timestamp(request.created_at)}
            {request.buyer && ` · ${request.buyer.name}`}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[request.status]} variant="dot" data-testid="request-status">
          {t(`admin:requests.statuses.${request.status}`)}
        </Badge>
      </Group>
      <Stack component="ul" gap={4} p={0} my="xs" style={{ listStyle: 'none' }}>
        {request.candidates.map((candidate) => (
          <Group component="li" key={candidate.id} gap="xs" wrap="wrap">
            <Text span size="sm">
              {candidate.name} ·{' '}
              <Text span ff="monospace" size="sm">
                {candidate.reference}
              </Text>
            </Text>
            <StatusBadge status={candidate.statut} />
          </Group>
        ))}
      </Stack>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('admin:requests.reason', { reason: request.reason })}
      </Text>
      {request.decline_reason && (
        <Text size="sm" mt={4}>
          {t('admin:requests.declinedBecause', { reason: request.decline_reason })}
        </Text>
      )}
      {request.status !== 'declined' && (
        <Text size="sm" mt={4} fw={600} data-testid="request-amount">
          {t(request.status === 'approved' ? 'admin:requests.refunded' : 'admin:requests.amount', {
            amount: format.money(request.refund_cents, request.currency),
            fee: format.money(request.fee_cents, request.currency),
          })}
        </Text>
      )}
    </>
  );
}

/** An open request's two forms: approve (the refund), or decline with a reason. */
function RequestDecision({
  request,
  refusal,
}: {
  request: CancellationRequestView;
  refusal: FormRefusal | undefined;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const id = String(request.id);
  const approving = usePosting({ request: id, intent: 'approve' });
  const declining = usePosting({ request: id, intent: 'decline' });
  const answer = useActionData<typeof action>();
  const confirming = answer && 'step' in answer && answer.request === id ? answer.step : null;
  return (
    <Stack gap="xs" mt="sm">
      {confirming && (
        <RefundConfirmation
          key={confirming}
          summary={{
            amountCents: request.refund_cents,
            currency: request.currency,
            provider: request.provider,
            buyer: request.buyer?.name ?? null,
            candidates: request.candidates.map((candidate) => `${candidate.name} · ${candidate.reference}`),
            feeCents: request.fee_cents,
          }}
          values={{ intent: 'approve', request: id }}
          cancelTo={`/${i18n.language}/administration/cancellation-requests`}
          titleId={`request-${id}-confirm-title`}
        />
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="request" value={request.id} />
        <Button type="submit" loading={approving} data-testid="request-approve">
          {t('admin:requests.approve', { amount: format.money(request.refund_cents, request.currency) })}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="request" value={request.id} />
        <Stack gap="xs">
          <ReasonField
            refusal={refusal}
            label={t('admin:requests.declineReason')}
            testId="request-decline-reason"
          />
          <Button
            type="submit"
            variant="default"
            loading={declining}
            style={{ alignSelf: 'flex-start' }}
            data-testid="request-decline"
          >
            {t('admin:requests.decline')}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}

/** What approving this request just did: the refund's state at the provider. */
function ApprovalOutcome({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const answer = useActionData<typeof action>();
  if (!answer || !('refund' in answer) || !answer.refund || answer.request !== requestId) return null;
  const { refund } = answer;
  return (
    <ActionOutcome
      outcome={{
        kind: refund.status === 'failed' ? 'error' : 'success',
        text: t(`admin:requests.outcome.${refund.status}`, {
          amount: format.money(refund.amount_cents, refund.currency),
          provider: t(`admin:refunds.providers.${refund.provider}`),
          reason: refund.failure_reason ?? '',
        }),
      }}
      testId="request-outcome"
    />
  );
}

function RequestCard({ request }: { request: CancellationRequestView }) {
  const { t, i18n } = useTranslation();
  const refusal = useRefusalFor('request', String(request.id));
  const titleId = `request-${request.id}-title`;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby={titleId}
      data-testid="request-card"
    >
      <RequestSummary request={request} titleId={titleId} />
      <Anchor
        component={Link}
        to={`/${i18n.language}/administration/orders/${request.order_id}/refunds`}
        size="sm"
      >
        {t('admin:refunds.link')}
      </Anchor>
      <RefusalMessage refusal={refusal} size="sm" mt="xs" />
      <ApprovalOutcome requestId={String(request.id)} />
      {request.status === 'open' && <RequestDecision request={request} refusal={refusal} />}
    </Paper>
  );
}

export default function CancellationRequestsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { requests } = loaderData;
  return (
    <AdminPage>
      <AdminHeading title={t('admin:requests.title')} intro={t('admin:requests.intro')} />
      <StepUpPrompt act="refund" />
      {requests.length === 0 ? (
        <Text c="dimmed" data-testid="requests-empty">
          {t('admin:requests.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="request-list">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </SimpleGrid>
      )}
    </AdminPage>
  );
}

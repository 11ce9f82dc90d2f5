/**
 * An order's money (decision 0039): what was paid and what may still be given back, a form that refunds chosen
 * candidates (their price) or an amount through the order's provider, and its refunds as cards, a failed one with
 * the provider's reason and a retry. The forms post to this page's action (decision 0032); each refund form carries
 * its own key, so a second tap on "Refund" finds the first refund. A refund cannot be undone: the first post only
 * answers what it would do (whom, how much, which provider), and the money moves when that is confirmed.
 */
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import type { OrderRefunds, RefundView } from '../../../contracts/refunds.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { refundBody } from '../../../domain/schemas/refunds.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { ActionOutcome } from '../../components/admin/action-outcome.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { CONFIRMED, RefundConfirmation } from '../../components/admin/refund-confirmation.tsx';
import { StatusBadge } from '../../components/admin/labels.tsx';
import { ReasonField, RefusalMessage } from '../../components/forms/posted-reason.tsx';
import { RefundStatusBadge } from '../../components/admin/refund-status.tsx';
import { useFormat } from '../../lib/format.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { FormRefusal } from '../../lib/form-refusal.ts';
import { foundOr404, idOr404 } from '../../lib/page-params.ts';
import { usePosting, useRefusalFor } from '../../lib/posted-form.ts';
import { requireStaff } from '../../lib/require-user.ts';
import type { Route } from './+types/refunds';
import { StepUpPrompt } from '../../components/admin/step-up-prompt.tsx';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'money.read');
  const refunds = await foundOr404(services.refunds.forOrder(user, idOr404(args.params.orderId)));
  // A fresh key for each showing of the form: the same form posted twice refunds once.
  return { refunds, formKey: globalThis.crypto.randomUUID() };
}

/** Euros typed by a person (`12,50`, `12.5`) in cents; anything else is left for the schema to refuse. */
function centsOf(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const euros = Number(value.trim().replace(',', '.'));
  return Number.isFinite(euros) ? Math.round(euros * 100) : Number.NaN;
}

/** The refund form (intent `refund`) and a failed refund's retry (intent `retry`). */
export async function action(args: Route.ActionArgs) {
  const { user } = requireStaff(args, 'money.refund');
  const orderId = idOr404(args.params.orderId);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  if (values.intent === 'refund') {
    const candidateIds = Object.keys(values)
      .filter((name) => name.startsWith('candidate_'))
      .map((name) => Number(name.slice('candidate_'.length)));
    const body = {
      ...(candidateIds.length ? { candidate_ids: candidateIds } : {}),
      ...(centsOf(values.amount) === undefined ? {} : { amount_cents: centsOf(values.amount) }),
      reason: values.reason,
    };
    const parsed = refundBody.safeParse(body);
    if (!parsed.success) {
      const refusal: FormRefusal = { fields: fieldErrors(parsed.error), values, intent: 'refund' };
      return data(refusal, { status: 400 });
    }
    try {
      if (values[CONFIRMED.name] !== CONFIRMED.value) {
        const preview = await actions.previewRefund(user.id, orderId, parsed.data);
        return { intent: 'confirm', preview, values, step: globalThis.crypto.randomUUID() } as const;
      }
      const refund = await actions.refundOrder(user.id, orderId, parsed.data, `form-${values.key ?? ''}`);
      return { intent: 'refund', refund } as const;
    } catch (error) {
      return serviceRefusal(error, values, { codeFields: { refund_exceeds_payment: 'amount' } });
    }
  }
  if (values.intent === 'retry') {
    try {
      return { intent: 'retry', refund: await actions.retryRefund(user.id, Number(values.refund)) } as const;
    } catch (error) {
      return serviceRefusal(error, values);
    }
  }
  throw data(null, { status: 400 });
}

/** Native, uncontrolled boxes in a fieldset: Mantine's group would uncheck at hydration a box ticked before the
 * scripts ran, and the form would post none. */
function RefundCandidates({
  refunds,
  refusal,
  shown,
}: {
  refunds: OrderRefunds;
  refusal: FormRefusal | undefined;
  shown: Record<string, string> | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const error = refusal?.fields.candidate_ids ? t(refusal.fields.candidate_ids) : undefined;
  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      aria-describedby={error ? 'refund-candidates-error' : undefined}
    >
      <Text component="legend" size="sm" fw={500}>
        {t('admin:refunds.candidates', {
          price: format.money(refunds.unit_price_cents, refunds.currency),
        })}
      </Text>
      <Stack gap={6} mt={6}>
        {refunds.candidates.map((candidate) => (
          <Checkbox
            key={candidate.id}
            name={`candidate_${candidate.id}`}
            value={String(candidate.id)}
            disabled={!candidate.refundable}
            defaultChecked={candidate.refundable && shown?.[`candidate_${candidate.id}`] !== undefined}
            label={
              <Group gap="xs" wrap="wrap">
                <Text span>
                  {candidate.name} ·{' '}
                  <Text span ff="monospace">
                    {candidate.reference}
                  </Text>
                </Text>
                <StatusBadge status={candidate.statut} />
              </Group>
            }
            data-testid="refund-candidate"
          />
        ))}
      </Stack>
      {error && (
        <Text size="sm" c="red.8" mt={4} id="refund-candidates-error" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/** What the refund just posted did, and what the order may still give back (read again after it). */
function RefundOutcome({ refunds }: { refunds: OrderRefunds }) {
  const { t } = useTranslation();
  const format = useFormat();
  const answer = useActionData<typeof action>();
  if (!answer || !('refund' in answer) || !answer.refund) return null;
  const { refund } = answer;
  const values = {
    amount: format.money(refund.amount_cents, refund.currency),
    provider: t(`admin:refunds.providers.${refund.provider}`),
    left: format.money(refunds.refundable_cents, refunds.currency),
    reason: refund.failure_reason ?? '',
  };
  return (
    <ActionOutcome
      outcome={{
        kind: refund.status === 'failed' ? 'error' : 'success',
        text: t(`admin:refunds.outcome.${refund.status}`, values),
      }}
      testId="refund-outcome"
    />
  );
}

/** The confirmation the action answered to the refund form's first post, if it is the latest answer. */
function PendingConfirmation({ refunds }: { refunds: OrderRefunds }) {
  const { i18n } = useTranslation();
  const answer = useActionData<typeof action>();
  if (!answer || !('preview' in answer) || !answer.preview) return null;
  const { preview } = answer;
  return (
    <RefundConfirmation
      key={answer.step}
      summary={{
        amountCents: preview.amount_cents,
        currency: preview.currency,
        provider: preview.provider,
        buyer: preview.buyer?.name ?? null,
        candidates: preview.candidates.map((candidate) => `${candidate.name} · ${candidate.reference}`),
        afterCents: preview.refundable_after_cents,
      }}
      values={answer.values}
      cancelTo={`/${i18n.language}/administration/orders/${refunds.order_id}/refunds`}
      titleId="refund-confirm-title"
    />
  );
}

function RefundForm({ refunds, formKey }: { refunds: OrderRefunds; formKey: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const refusal = useRefusalFor('intent', 'refund');
  const answer = useActionData<typeof action>();
  // What was typed stays in the form after a refusal, and after a confirmation cancelled.
  const shown = refusal?.values ?? (answer && 'preview' in answer ? answer.values : undefined);
  const busy = usePosting({ intent: 'refund' });
  const field = (name: string) => (refusal?.fields[name] ? t(refusal.fields[name]) : undefined);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="refund-form-title">
      <Title order={2} size="h4" id="refund-form-title" mb="xs">
        {t('admin:refunds.formTitle')}
      </Title>
      <Form method="post" key={formKey} data-testid="refund-form">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="key" value={formKey} />
        <Stack gap="sm">
          <RefundOutcome refunds={refunds} />
          <Text size="sm" data-testid="refund-left">
            {t('admin:refunds.left', { amount: format.money(refunds.refundable_cents, refunds.currency) })}
          </Text>
          <RefundCandidates refunds={refunds} refusal={refusal} shown={shown} />
          <NumberInput
            name="amount"
            label={t('admin:refunds.amount')}
            description={t('admin:refunds.amountHint')}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            defaultValue={shown?.amount}
            error={field('amount_cents') ?? field('amount')}
            maw={240}
          />
          <ReasonField
            refusal={refusal ?? (shown ? { fields: {}, values: shown } : undefined)}
            label={t('admin:refunds.reason')}
            description={t('admin:refunds.reasonHint')}
          />
          <RefusalMessage refusal={refusal} />
          <Button
            type="submit"
            loading={busy}
            disabled={refunds.refundable_cents === 0}
            style={{ alignSelf: 'flex-start' }}
            data-testid="refund-submit"
          >
            {t('admin:refunds.submit')}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

function RefundCard({ refund, names }: { refund: RefundView; names: Map<number, string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = usePosting({ refund: String(refund.id) });
  return (
    <Paper withBorder p="sm" component="li" data-testid="refund-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={700}>{format.money(refund.amount_cents, refund.currency)}</Text>
        <RefundStatusBadge status={refund.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {format.timestamp(refund.created_at)} ·{' '}
        {refund.actor_name && refund.source !== 'external'
          ? t(`admin:refunds.sourcesBy.${refund.source}`, { name: refund.actor_name })
          : t(`admin:refunds.sources.${refund.source}`)}{' '}
        · {t(`admin:refunds.providers.${refund.provider}`)}
      </Text>
      {refund.reason && (
        <Text size="sm" mt={4}>
          {refund.reason}
        </Text>
      )}
      {refund.candidate_ids.length > 0 && (
        <Text size="sm" mt={4}>
          {t('admin:refunds.withdrawn', {
            names: refund.candidate_ids.map((id) => names.get(id) ?? `#${id}`).join(', '),
          })}
        </Text>
      )}
      {refund.source === 'external' && refund.candidate_ids.length === 0 && (
        <Text size="sm" mt={4} c="orange.9">
          {t('admin:refunds.externalUnassigned')}
        </Text>
      )}
      {refund.status === 'failed' && (
        <Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="refund" value={refund.id} />
          <Text size="sm" mt={4} c="red.8">
            {t('admin:refunds.failure', { reason: refund.failure_reason ?? '' })}
          </Text>
          <Button type="submit" size="xs" variant="default" mt="xs" loading={busy} data-testid="refund-retry">
            {t('admin:refunds.retry')}
          </Button>
        </Form>
      )}
    </Paper>
  );
}

export default function RefundsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { refunds, formKey } = loaderData;
  const names = new Map(refunds.candidates.map((candidate) => [candidate.id, candidate.name]));
  return (
    <AdminPage>
      <AdminHeading
        title={t('admin:refunds.title', { reference: refunds.reference })}
        intro={t('admin:refunds.intro', {
          paid: format.money(refunds.paid_cents, refunds.currency),
          refundable: format.money(refunds.refundable_cents, refunds.currency),
        })}
      >
        <Anchor component={Link} to={`/${i18n.language}/administration/cancellation-requests`} size="sm">
          {t('admin:requests.title')}
        </Anchor>
      </AdminHeading>
      <StepUpPrompt act="refund" />
      <PendingConfirmation refunds={refunds} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <RefundForm refunds={refunds} formKey={formKey} />
        <Stack gap="xs" component="section" aria-labelledby="refund-list-title">
          <Title order={2} size="h4" id="refund-list-title">
            {t('admin:refunds.listTitle')}
          </Title>
          {refunds.items.length === 0 ? (
            <Text c="dimmed">{t('admin:refunds.none')}</Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="refund-list"
            >
              {refunds.items.map((refund) => (
                <RefundCard key={refund.id} refund={refund} names={names} />
              ))}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </AdminPage>
  );
}

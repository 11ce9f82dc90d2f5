/**
 * The user's orders for the account page: status, price, delivery, and each candidate with its reference,
 * challenge, status and documents (route card and frame plate, PDF). The account page's loader reads them (the
 * same answer as GET /api/orders); its page declares the `order` texts.
 */
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPencil, IconTruckDelivery } from '@tabler/icons-react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentedCandidate, PresentedOrder } from '../../../contracts/orders.ts';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import { CancellationRequest } from './cancellation-request.tsx';
import type { CandidateStatus, OrderStatus } from '../../../domain/statuses.ts';
import { useFormat } from '../../lib/format.ts';
import forms from '../forms/forms.module.css';
import { ClubContact } from './club-contact.tsx';
import { Notice } from './notice.tsx';
import { PayOrderButton } from './order-actions.tsx';
import { RegistrationProgressSteps } from './registration-progress.tsx';

const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
};

const CANDIDATE_STATUS_COLORS: Record<CandidateStatus, string> = {
  pending_payment: 'yellow',
  awaiting_consent: 'orange',
  to_process: 'blue',
  processed: 'cyan',
  card_received: 'violet',
  homologated: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('order');
  return (
    <Badge color={ORDER_STATUS_COLORS[status]} variant="dot" size="lg" data-testid="order-status">
      {t(`statuses.order.${status}`)}
    </Badge>
  );
}

export function CandidateStatusBadge({ status }: { status: CandidateStatus }) {
  const { t } = useTranslation('order');
  return (
    <Badge color={CANDIDATE_STATUS_COLORS[status]} variant="dot" size="sm">
      {t(`statuses.candidate.${status}`)}
    </Badge>
  );
}

/**
 * A minor's registration waiting for the guardian: to whom the link went and when, a refusal if any, and a form
 * (posted to the account page's action, intent `resend-consent`) to send the link again.
 */
function GuardianConsent({ candidate }: { candidate: PresentedCandidate }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const navigation = useNavigation();
  const answer = useActionData() as
    | {
        intent?: string;
        candidate?: string;
        values?: Record<string, string>;
        message?: { key: string; values?: Record<string, unknown> };
        resent?: boolean;
      }
    | undefined;
  const guardian = candidate.guardian;
  if (!guardian) return null;
  const mine =
    answer?.intent === 'resend-consent' &&
    (answer.candidate ?? answer.values?.candidate) === String(candidate.id);
  const busy = navigation.state !== 'idle' && navigation.formData?.get('candidate') === String(candidate.id);
  return (
    <Notice
      color={guardian.decision === 'refused' ? 'red' : 'orange'}
      mt="xs"
      title={t(guardian.decision === 'refused' ? 'consent.refusedTitle' : 'consent.title')}
      data-testid="guardian-consent"
    >
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">
          {guardian.decision === 'refused'
            ? t('consent.refused', { name: `${guardian.prenom} ${guardian.nom}` })
            : guardian.sent_at
              ? t('consent.sent', {
                  name: `${guardian.prenom} ${guardian.nom}`,
                  email: guardian.email,
                  date: format.timestamp(guardian.sent_at),
                })
              : t('consent.notSent', { name: `${guardian.prenom} ${guardian.nom}` })}
        </Text>
        <Form method="post" action="?tab=orders">
          <input type="hidden" name="intent" value="resend-consent" />
          <input type="hidden" name="candidate" value={candidate.id} />
          <Button
            type="submit"
            size="compact-sm"
            variant="default"
            loading={busy}
            data-testid="resend-consent"
          >
            {t('consent.resend')}
          </Button>
        </Form>
        {mine && answer?.resent && (
          <Text size="sm" role="status" data-testid="consent-resent">
            {t('consent.resent')}
          </Text>
        )}
        {mine && answer?.message && (
          <Text size="sm" c="red.9" role="alert" data-testid="consent-error">
            {t(answer.message.key, answer.message.values ?? {})}
          </Text>
        )}
      </Stack>
    </Notice>
  );
}

/** What the buyer may still change in a paid registration, or that a volunteer has it in hand. */
function CandidateChange({ candidate, name }: { candidate: PresentedCandidate; name: string }) {
  const { t, i18n } = useTranslation('order');
  if (candidate.changeable === null) {
    // Only while the kit is on its way: afterwards the steps below say what happens.
    if (candidate.statut !== 'to_process' && candidate.statut !== 'processed') return null;
    return (
      <Text size="sm" c="gray.7" mt="xs" data-testid="change-closed">
        {t('changes.inHand')}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={`/${i18n.language}/account/registrations/${candidate.id}`}
      size="sm"
      mt="xs"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
      aria-label={t(candidate.changeable === 'all' ? 'changes.changeLabel' : 'changes.correctLabel', {
        name,
      })}
      data-testid="change-registration"
    >
      <IconPencil size={16} aria-hidden />
      {t(candidate.changeable === 'all' ? 'changes.change' : 'changes.correct')}
    </Anchor>
  );
}

/**
 * A registration's documents (route card, frame plate) to open, or that there are none yet: before payment, or,
 * for a minor, before the guardian has agreed (the API lists none then).
 */
function CandidateDocuments({
  documents,
  status,
  name,
}: {
  documents: NonNullable<PresentedCandidate['documents']>;
  status: CandidateStatus;
  name: string;
}) {
  const { t } = useTranslation('order');
  if (documents.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="xs" data-testid="no-documents">
        {t(status === 'awaiting_consent' ? 'orders.documentsAfterConsent' : 'orders.noDocuments')}
      </Text>
    );
  return (
    <Group gap="md" mt="xs">
      {documents.map((document) => (
        <Anchor
          key={document.url}
          href={document.url}
          target="_blank"
          rel="noopener"
          size="sm"
          data-testid="document-link"
          aria-label={t('orders.documentLabel', { document: t(`documents.${document.kind}`), name })}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconFileTypePdf size={18} aria-hidden />
          {t(`documents.${document.kind}`)}
        </Anchor>
      ))}
    </Group>
  );
}

function CandidateItem({
  candidate,
  order,
  requests,
}: {
  candidate: PresentedCandidate;
  order: PresentedOrder;
  requests: readonly CancellationRequestView[];
}) {
  const paid = order.status === 'paid';
  const { t } = useTranslation('order');
  const format = useFormat();
  const name = `${candidate.prenom} ${candidate.nom}`;
  return (
    // The club's mails link here (`#registration-00000012-01`), e.g. when it asks for a ride.
    <Paper
      component="li"
      withBorder
      p="sm"
      bg="gray.0"
      id={`registration-${candidate.reference}`}
      data-testid="order-candidate"
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700}>{name}</Text>
          <Text size="sm" c="dimmed">
            {t(`challenges.${candidate.epreuve}`)} · {t('orders.reference')}{' '}
            <Text component="span" size="sm" ff="monospace">
              {candidate.reference}
            </Text>
          </Text>
        </div>
        <CandidateStatusBadge status={candidate.statut} />
      </Group>
      {candidate.documents_sent_at && (
        <Text size="sm" mt="xs" fw={600} data-testid="documents-sent">
          {t('orders.sentByEmail', { date: format.timestamp(candidate.documents_sent_at) })}
        </Text>
      )}
      <CandidateDocuments documents={candidate.documents ?? []} status={candidate.statut} name={name} />
      {paid && candidate.statut === 'awaiting_consent' && <GuardianConsent candidate={candidate} />}
      {paid && <CandidateChange candidate={candidate} name={name} />}
      {paid && (
        <CancellationRequest
          orderId={order.id}
          candidate={candidate}
          name={name}
          request={requests.findLast((request) =>
            request.candidates.some((named) => named.id === candidate.id),
          )}
        />
      )}
      {paid && (
        <RegistrationProgressSteps
          candidateId={candidate.id}
          status={candidate.statut}
          progress={candidate.progress}
          name={name}
        />
      )}
    </Paper>
  );
}

/**
 * Giving up an unpaid order: a form posted to the account page's action (intent `cancel-order`), so that it works
 * before the page's scripts do.
 */
function CancelOrderForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('order');
  const navigation = useNavigation();
  const answer = useActionData() as { intent?: string; message?: { key: string } } | undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('order') === String(orderId);
  const refused = answer?.intent === 'cancel-order' && answer.message;
  return (
    <Form method="post" action="?tab=orders" data-testid="cancel-order-form">
      <input type="hidden" name="intent" value="cancel-order" />
      <input type="hidden" name="order" value={orderId} />
      <Stack gap={4} align="flex-start" mt="sm">
        <Button type="submit" variant="default" loading={busy} data-testid="cancel-order">
          {t('cancelled.cancelOrder')}
        </Button>
        {refused && (
          <Text size="sm" c="red.8" role="alert">
            {t(refused.key)}
          </Text>
        )}
      </Stack>
    </Form>
  );
}

/**
 * A paid order: its delivery can change until a kit is started; otherwise the club is written to, and to cancel
 * too once no registration of the order can be cancelled here (its own button says how while one can).
 */
function PaidOrderChanges({ order }: { order: PresentedOrder }) {
  const { t, i18n } = useTranslation('order');
  const cancellableHere = order.candidats.some((candidate) => candidate.changeable === 'all');
  return (
    <Stack gap="xs" mt="sm">
      {order.delivery_changeable && (
        <Anchor
          component={Link}
          to={`/${i18n.language}/account/orders/${order.id}/delivery`}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
          data-testid="change-delivery"
        >
          <IconTruckDelivery size={16} aria-hidden />
          {t('changes.changeDelivery')}
        </Anchor>
      )}
      <ClubContact
        reference={order.reference}
        reason={t(cancellableHere ? 'changes.otherChangesContact' : 'changes.paidContact')}
        variant="inline"
      />
    </Stack>
  );
}

function OrderCard({
  order,
  requests,
}: {
  order: PresentedOrder;
  requests: readonly CancellationRequestView[];
}) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const titleId = `order-${order.id}-title`;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby={titleId}
      data-testid="order-card"
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t('orders.order', { reference: order.reference })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('orders.placedOn', { date: format.timestamp(order.date_commande) })} ·{' '}
            {t(`deliveryModes.${order.mode_livraison}`)} ·{' '}
            {format.money(order.price.total, order.price.currency)}
          </Text>
        </div>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Box
        component="ul"
        p={0}
        m={0}
        aria-label={t('orders.candidates')}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {order.candidats.map((candidate) => (
          <CandidateItem key={candidate.id} candidate={candidate} order={order} requests={requests} />
        ))}
      </Box>
      {order.payable && (
        <Group mt="sm" align="flex-start">
          <PayOrderButton
            orderId={order.id}
            label={t('payment.pay', { amount: format.money(order.price.total, order.price.currency) })}
          />
        </Group>
      )}
      {(order.status === 'pending' || order.status === 'failed') && <CancelOrderForm orderId={order.id} />}
      {order.status === 'paid' && <PaidOrderChanges order={order} />}
    </Paper>
  );
}

/** The list of the user's orders, as the account page's loader read them; `empty` is shown when there is none yet. */
export function OrdersList({
  orders,
  cancellationRequests = [],
  empty,
}: {
  orders: PresentedOrder[];
  /** The buyer's cancellation requests, shown on the registrations they name. */
  cancellationRequests?: readonly CancellationRequestView[];
  empty: ReactNode;
}) {
  if (orders.length === 0) return empty;
  return (
    <Stack gap="md" data-testid="orders-list" className={forms.readable}>
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          requests={cancellationRequests.filter((request) => request.order_id === order.id)}
        />
      ))}
    </Stack>
  );
}

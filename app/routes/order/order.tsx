/**
 * Registration, step 1: the candidates of the order. The draft is saved as the user types (it survives a reload
 * and signing in again); the first candidate of a new order is filled in from the user's account. Every
 * candidate is checked with the API's own schema before going on to the delivery.
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from '../../../domain/schemas/zod.ts';
import { today } from '../../../domain/dates.ts';
import { blankCandidate, candidateFromUser, candidateSchema } from '../../../domain/schemas/candidate.ts';
import { GENERIC_MESSAGE } from '../../../domain/schemas/common.ts';
import { MAX_CANDIDATES_PER_ORDER } from '../../../domain/schemas/order.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { CandidateCard, type CandidatesFormValues } from '../../components/order/candidate-card.tsx';
import {
  type CandidateValues,
  type OrderDraft,
  fromCandidateValues,
  readDraft,
  toCandidateValues,
} from '../../components/order/draft.ts';
import { OrderSteps } from '../../components/order/order-steps.tsx';
import { PriceSummary } from '../../components/order/price-summary.tsx';
import { SaveStatus } from '../../components/order/save-status.tsx';
import { useDraftAutosave } from '../../components/order/use-draft-autosave.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { errorMessageKey } from '../../lib/api/client.ts';
import { clientSession } from '../../lib/client-session.ts';
import { hasErrors, useZodForm } from '../../lib/zod-form.ts';
import type { Route } from './+types/order';
import { requireUser } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const [saved, profile] = await Promise.all([
    services.orderDrafts.get(user.id),
    services.accounts.profile(user.id),
  ]);
  return { draft: readDraft(saved), prefill: candidateFromUser(profile), orderDate: today() };
}

type DraftRest = Omit<OrderDraft, 'candidats'>;

function buildDraft(rest: DraftRest, candidats: readonly CandidateValues[]): OrderDraft {
  return { ...rest, candidats: candidats.map(fromCandidateValues) };
}

function candidatesSchema(orderDate: string) {
  return z.object({
    candidats: z
      .array(candidateSchema(orderDate))
      .min(1, 'validation:candidats_min')
      .max(MAX_CANDIDATES_PER_ORDER, 'validation:candidats_max'),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const navigate = useNavigate();
  const { orderDate } = loaderData;
  const [rest, setRest] = useState<DraftRest>(() => {
    const { candidats: _candidats, ...others } = loaderData.draft;
    return others;
  });
  const initial = loaderData.draft.candidats.length > 0 ? loaderData.draft.candidats : [loaderData.prefill];
  const schema = useMemo(() => candidatesSchema(orderDate), [orderDate]);
  const { form, ref, focusErrors } = useZodForm<CandidatesFormValues>(schema, {
    candidats: initial.map(toCandidateValues),
  });
  const candidats = form.values.candidats;
  const draft = useMemo(() => buildDraft(rest, candidats), [rest, candidats]);
  const autosave = useDraftAutosave(draft);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [focusCandidate, setFocusCandidate] = useState<number | null>(null);

  useEffect(() => {
    clientSession.setHasOrderDraft(loaderData.draft.candidats.length > 0);
  }, [loaderData.draft]);

  useEffect(() => {
    if (focusCandidate === null) return;
    const heading = document.getElementById(`candidate-${focusCandidate}-title`);
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }, [focusCandidate]);

  const addCandidate = () => {
    form.insertListItem('candidats', toCandidateValues(blankCandidate()));
    setFocusCandidate(candidats.length + 1);
  };

  const removeCandidate = (index: number) => {
    if (candidats.length <= 1) return;
    form.removeListItem('candidats', index);
  };

  const reset = async () => {
    setResetting(true);
    setMessage(null);
    try {
      const fresh = [toCandidateValues(blankCandidate())];
      await autosave.discard(buildDraft({}, fresh));
      setRest({});
      form.setValues({ candidats: fresh });
      form.clearErrors();
      setConfirmReset(false);
      setFocusCandidate(1);
    } catch (error) {
      setConfirmReset(false);
      setMessage(errorMessageKey(error));
    } finally {
      setResetting(false);
    }
  };

  const submit = form.onSubmit(async () => {
    setMessage(null);
    const saved = await autosave.flush(true);
    if (!saved) {
      setMessage('order:draft.error');
      return;
    }
    clientSession.setHasOrderDraft(true);
    setLeaving(true);
    await navigate(`/${i18n.language}/shipping`);
  }, focusErrors);

  const atMax = candidats.length >= MAX_CANDIDATES_PER_ORDER;
  const top = message ?? (hasErrors(form.errors) ? GENERIC_MESSAGE : null);

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="candidates" />
      <PageIntro prefix="order:order." noindex />
      <form ref={ref} onSubmit={submit} noValidate data-testid="order-form">
        <Stack gap="lg">
          {loaderData.draft.candidats.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('order.prefilled')}
            </Text>
          )}
          {top && <FormAlert kind="error">{t(top)}</FormAlert>}
          {candidats.map((_candidate, index) => (
            <CandidateCard
              key={index}
              form={form}
              index={index}
              orderDate={orderDate}
              canRemove={candidats.length > 1}
              onRemove={() => removeCandidate(index)}
            />
          ))}
          <Group justify="space-between" gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={addCandidate}
              disabled={atMax}
            >
              {t('order.add')}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => setConfirmReset(true)}
            >
              {t('order.reset')}
            </Button>
          </Group>
          {atMax && (
            <Text size="sm" c="dimmed">
              {t('order.max', { max: MAX_CANDIDATES_PER_ORDER })}
            </Text>
          )}
          <PriceSummary candidats={draft.candidats} />
          <Group justify="space-between" gap="sm">
            <SaveStatus state={autosave.state} error={autosave.error} />
            <Button type="submit" size="md" loading={form.submitting || leaving}>
              {t('order.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('order.resetTitle')}
        centered
      >
        <Stack>
          <Text>{t('order.resetText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              {t('order.resetCancel')}
            </Button>
            <Button color="red.9" onClick={() => void reset()} loading={resetting}>
              {t('order.resetConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

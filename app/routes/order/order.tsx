/**
 * Registration, step 1: the candidates of the order. The draft is saved as the user types (it survives a reload
 * and signing in again); the first candidate of a new order is filled in from the user's account. Every
 * candidate is checked with the API's own schema before going on to the delivery. Before its scripts run (or
 * without them), the form posts to this page's action (decision 0032): adding or removing a candidate and going
 * on are submit buttons named `intent`, and the action keeps the draft as the autosave would.
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Form, data, redirect, useActionData, useNavigate } from 'react-router';
import { localeOr } from '../../../domain/locales.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { today } from '../../../domain/dates.ts';
import { blankCandidate, candidateFromUser, candidateSchema } from '../../../domain/schemas/candidate.ts';
import { GENERIC_MESSAGE } from '../../../domain/schemas/common.ts';
import { MAX_CANDIDATES_PER_ORDER } from '../../../domain/schemas/order.ts';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { CandidateCard, type CandidatesFormValues } from '../../components/order/candidate-card.tsx';
import {
  type CandidateValues,
  type OrderDraft,
  candidatesFromForm,
  fromCandidateValues,
  readDraft,
  toCandidateValues,
} from '../../components/order/draft.ts';
import { candidatePathLabel } from '../../components/order/form-labels.ts';
import { OrderSteps } from '../../components/order/order-steps.tsx';
import { PriceSummary } from '../../components/order/price-summary.tsx';
import { RegistrationsClosed } from '../../components/order/registrations-closed.tsx';
import { SaveStatus } from '../../components/order/save-status.tsx';
import { useDraftAutosave } from '../../components/order/use-draft-autosave.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { errorMessageKey } from '../../lib/api/client.ts';
import { clientSession } from '../../lib/client-session.ts';
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { hasErrors, useZodForm } from '../../lib/zod-form.ts';
import type { Route } from './+types/order';
import { requireUser } from '../../lib/require-user.ts';
import { draftAndProfile, keepDraft } from './draft.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const { draft, profile, orderDate, services } = await draftAndProfile(args);
  const registrations = await services.orders.registrations(localeOr(args.params.lang));
  return { draft, prefill: candidateFromUser(profile), orderDate, registrations };
}

/**
 * The form posted before (or without) the scripts: the candidates typed are kept in the draft whatever the
 * button; `add` and `remove-N` come back to this page, `continue` goes on to the delivery once every candidate
 * passes the API's schema (else the page shows the errors beside the fields).
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireUser(args);
  const lang = localeOr(args.params.lang);
  const values = await readForm(args.request);
  let candidats = candidatesFromForm(values);
  const intent = values.intent ?? 'continue';
  const removed = /^remove-(\d+)$/.exec(intent);
  if (intent === 'add' && candidats.length < MAX_CANDIDATES_PER_ORDER)
    candidats = [...candidats, blankCandidate()];
  if (removed && candidats.length > 1)
    candidats = candidats.filter((_, index) => index !== Number(removed[1]));
  await keepDraft(args, user.id, { ...readDraft(await services.orderDrafts.get(user.id)), candidats });
  if (intent !== 'continue') throw redirect(`/${lang}/order#candidate-${candidats.length}-title`);
  const checked = candidatesSchema(today()).safeParse({ candidats: candidats.map(toCandidateValues) });
  if (!checked.success) return data({ fields: fieldErrors(checked.error), values: {} }, { status: 400 });
  throw redirect(`/${lang}/shipping`);
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

type CandidatesForm = UseFormReturnType<CandidatesFormValues>;
type DraftAutosave = ReturnType<typeof useDraftAutosave>;

/** Scrolls to and focuses the title of candidate N (from 1) once it is rendered: a card added, a form reset. */
function useFocusCandidate() {
  const [focusCandidate, setFocusCandidate] = useState<number | null>(null);
  useEffect(() => {
    if (focusCandidate === null) return;
    const heading = document.getElementById(`candidate-${focusCandidate}-title`);
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }, [focusCandidate]);
  return setFocusCandidate;
}

/** Starting the order again, once confirmed: one blank candidate, the rest of the draft dropped. */
function useStartAgain({
  form,
  autosave,
  setRest,
  setMessage,
  focusCandidate,
}: {
  form: CandidatesForm;
  autosave: DraftAutosave;
  setRest: (rest: DraftRest) => void;
  setMessage: (message: string | null) => void;
  focusCandidate: (index: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const reset = async () => {
    setResetting(true);
    setMessage(null);
    try {
      const fresh = [toCandidateValues(blankCandidate())];
      await autosave.discard(buildDraft({}, fresh));
      setRest({});
      form.setValues({ candidats: fresh });
      form.clearErrors();
      setConfirming(false);
      focusCandidate(1);
    } catch (error) {
      setConfirming(false);
      setMessage(errorMessageKey(error));
    } finally {
      setResetting(false);
    }
  };
  return { confirming, setConfirming, resetting, reset };
}

function CandidateButtons({
  atMax,
  onAdd,
  onStartAgain,
}: {
  atMax: boolean;
  onAdd: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation('order');
  const hydrated = useHydrated();
  return (
    <>
      <Group justify="space-between" gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          // Posted to the page's action before the scripts run; added in place once they do.
          type="submit"
          name="intent"
          value="add"
          onClick={(event) => {
            event.preventDefault();
            onAdd();
          }}
          disabled={atMax}
        >
          {t('order.add')}
        </Button>
        {/* Starting again asks for a confirmation in a dialog, which needs the scripts. */}
        {hydrated && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={onStartAgain}
          >
            {t('order.reset')}
          </Button>
        )}
      </Group>
      {atMax && (
        <Text size="sm" c="dimmed">
          {t('order.max', { max: MAX_CANDIDATES_PER_ORDER })}
        </Text>
      )}
    </>
  );
}

function StartAgainDialog({ startAgain }: { startAgain: ReturnType<typeof useStartAgain> }) {
  const { t } = useTranslation('order');
  return (
    <Modal
      opened={startAgain.confirming}
      onClose={() => startAgain.setConfirming(false)}
      title={t('order.resetTitle')}
      centered
    >
      <Stack>
        <Text>{t('order.resetText')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => startAgain.setConfirming(false)}>
            {t('order.resetCancel')}
          </Button>
          <Button color="red.9" onClick={() => void startAgain.reset()} loading={startAgain.resetting}>
            {t('order.resetConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ContinueButtons({ autosave, leaving }: { autosave: DraftAutosave; leaving: boolean }) {
  const { t } = useTranslation('order');
  return (
    <Group justify="space-between" gap="sm">
      <SaveStatus state={autosave.state} error={autosave.error} />
      <Button type="submit" name="intent" value="continue" size="md" loading={leaving}>
        {t('order.continue')}
      </Button>
    </Group>
  );
}

/** The error summary of the candidates, each field named with its candidate. */
function CandidatesSummary({ errors, top }: { errors: Record<string, unknown>; top: string | null }) {
  const { t } = useTranslation('order');
  return (
    <ErrorSummary
      errors={errors}
      message={top ? { key: top } : null}
      label={(path) => candidatePathLabel(path, (key, values) => t(key, values ?? {}))}
    />
  );
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
  const answer: unknown = useActionData();
  const { form, ref, focusErrors } = useZodForm<CandidatesFormValues>(
    schema,
    { candidats: initial.map(toCandidateValues) },
    isFormRefusal(answer) ? answer.fields : undefined,
    '',
  );
  useAdoptTypedValues(ref, form);
  const candidats = form.values.candidats;
  const draft = useMemo(() => buildDraft(rest, candidats), [rest, candidats]);
  const autosave = useDraftAutosave(draft);
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const focusCandidate = useFocusCandidate();
  const startAgain = useStartAgain({ form, autosave, setRest, setMessage, focusCandidate });

  useEffect(() => {
    clientSession.setHasOrderDraft(loaderData.draft.candidats.length > 0);
  }, [loaderData.draft]);

  const addCandidate = () => {
    form.insertListItem('candidats', toCandidateValues(blankCandidate()));
    focusCandidate(candidats.length + 1);
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

  const top = message ?? (hasErrors(form.errors) ? GENERIC_MESSAGE : null);

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="candidates" />
      <PageIntro prefix="order:order." noindex />
      <RegistrationsClosed registrations={loaderData.registrations} />
      <Form method="post" ref={ref} onSubmit={submit} noValidate data-testid="order-form">
        <Stack gap="lg">
          {loaderData.draft.candidats.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('order.prefilled')}
            </Text>
          )}
          <CandidatesSummary errors={form.errors} top={top} />
          {candidats.map((_candidate, index) => (
            <CandidateCard
              key={index}
              form={form}
              index={index}
              orderDate={orderDate}
              canRemove={candidats.length > 1}
              onRemove={() => form.removeListItem('candidats', index)}
            />
          ))}
          <CandidateButtons
            atMax={candidats.length >= MAX_CANDIDATES_PER_ORDER}
            onAdd={addCandidate}
            onStartAgain={() => startAgain.setConfirming(true)}
          />
          <PriceSummary candidats={draft.candidats} />
          <ContinueButtons autosave={autosave} leaving={form.submitting || leaving} />
        </Stack>
      </Form>
      <StartAgainDialog startAgain={startAgain} />
    </Stack>
  );
}

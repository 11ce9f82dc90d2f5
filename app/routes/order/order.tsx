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
import { useTranslation } from 'react-i18next';
import { Form, data, redirect, useActionData, useNavigate } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { today } from '../../../domain/dates.ts';
import { blankCandidate, candidateFromUser, candidateSchema } from '../../../domain/schemas/candidate.ts';
import { GENERIC_MESSAGE } from '../../../domain/schemas/common.ts';
import { MAX_CANDIDATES_PER_ORDER, orderDraftSchema } from '../../../domain/schemas/order.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { CandidateCard, type CandidatesFormValues } from '../../components/order/candidate-card.tsx';
import {
  type CandidateValues,
  type OrderDraft,
  candidatesFromForm,
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
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { useHydrated } from '../../lib/hydrated.ts';
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

/**
 * The form posted before (or without) the scripts: the candidates typed are kept in the draft whatever the
 * button; `add` and `remove-N` come back to this page, `continue` goes on to the delivery once every candidate
 * passes the API's schema (else the page shows the errors beside the fields).
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireUser(args);
  const { request, params, context } = args;
  const lang = localeOr(params.lang);
  const values = await readForm(request);
  let candidats = candidatesFromForm(values);
  const intent = values.intent ?? 'continue';
  const removed = /^remove-(\d+)$/.exec(intent);
  if (intent === 'add' && candidats.length < MAX_CANDIDATES_PER_ORDER)
    candidats = [...candidats, blankCandidate()];
  if (removed && candidats.length > 1)
    candidats = candidats.filter((_, index) => index !== Number(removed[1]));
  const draft = orderDraftSchema.safeParse({
    ...readDraft(await services.orderDrafts.get(user.id)),
    candidats,
  });
  if (!draft.success) throw data(null, { status: 400 });
  await context.get(requestContext).actions.saveOrderDraft(user.id, draft.data);
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
  const hydrated = useHydrated();
  const { form, ref, focusErrors } = useZodForm<CandidatesFormValues>(
    schema,
    { candidats: initial.map(toCandidateValues) },
    isFormRefusal(answer) ? answer.fields : undefined,
  );
  useAdoptTypedValues(ref, form);
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
      <Form method="post" ref={ref} onSubmit={submit} noValidate data-testid="order-form">
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
              // Posted to the page's action before the scripts run; added in place once they do.
              type="submit"
              name="intent"
              value="add"
              onClick={(event) => {
                event.preventDefault();
                addCandidate();
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
                onClick={() => setConfirmReset(true)}
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
          <PriceSummary candidats={draft.candidats} />
          <Group justify="space-between" gap="sm">
            <SaveStatus state={autosave.state} error={autosave.error} />
            <Button
              type="submit"
              name="intent"
              value="continue"
              size="md"
              loading={form.submitting || leaving}
            >
              {t('order.continue')}
            </Button>
          </Group>
        </Stack>
      </Form>
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

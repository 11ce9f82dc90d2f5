/**
 * Scanning returned route cards, one after another: with the device's camera (the QR code), or by typing or
 * pasting the reference printed on the card (a handheld scanner typing into the field works too). A card taken in
 * moves the candidate to card_received; the page says which card it was and what changed, right under the field,
 * empties the field and puts the cursor back in it for the next card, and offers "Judge now"; the cards taken in
 * earlier are listed below, newest first, so the field never leaves the screen. A card whose kit was never marked
 * sent or handed over, or a ride already rejected, is taken in only once the volunteer confirms (the API's 409
 * kit_not_sent and rejected). The form posts to this page's action (decision 0032): a card typed before the
 * scripts arrive, or without them, is taken in all the same, and the page the server draws says so.
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCameraOff, IconSearch } from '@tabler/icons-react';
import {
  type ReactNode,
  type RefObject,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Form, data, useActionData, useNavigation, useSubmit } from 'react-router';
import { requestContext } from '#request-context';
import { isServiceFailure } from '../../../contracts/action-services.ts';
import { parseScanText } from '../../../domain/references.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import {
  type ScanAnswer,
  ScanQuestionDialog,
  ScanQuestionForm,
  isQuestion,
  refusalText,
} from '../../components/admin/scan-answer.tsx';
import { EarlierCards, TakenCard } from '../../components/admin/scanned-cards.tsx';
import type { ScannedCard } from '../../components/admin/types.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { requireStaff } from '../../lib/require-user.ts';
import type { Route } from './+types/scan';

// The scanner and its WebAssembly decoder are downloaded only when the camera is turned on.
const QrScanner = lazy(() => import('../../components/admin/qr-scanner.tsx'));

/**
 * A card typed, scanned or confirmed: taken in through the same service as POST /api/admin/scan, or refused with
 * the API's code and status, what was read and what explains it (a rejected ride's day and reason).
 */
export async function action(args: Route.ActionArgs) {
  requireStaff(args, 'cards.scan');
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const text = (values.text ?? '').slice(0, 500);
  const refused = (code: string, status: number, details: Record<string, string> = {}) =>
    data<ScanAnswer>({ kind: 'refused', code, text, details }, { status });
  if (!parseScanText(text)) return refused('text_not_valid', 400);
  try {
    const card = await actions.scanCard(text.trim(), values.confirm === 'true');
    return data<ScanAnswer>({ kind: 'taken', card });
  } catch (error) {
    if (!isServiceFailure(error) || error.statusCode >= 500) throw error;
    return refused(error.code, error.statusCode, error.details);
  }
}

/**
 * The cards taken in on this page, newest first, from the action's answers: the first one may come from the page
 * the server drew after a post made before the scripts ran.
 */
function useTakenCards(answer: ScanAnswer | undefined) {
  const [state, setState] = useState(() => ({
    seen: answer,
    cards: answer?.kind === 'taken' ? [answer.card] : ([] as ScannedCard[]),
  }));
  // Each answer is a new object: the list takes it in once, while rendering (no effect, no second pass).
  if (state.seen !== answer) {
    const cards =
      answer?.kind === 'taken'
        ? [answer.card, ...state.cards.filter((other) => other.candidateId !== answer.card.candidateId)]
        : state.cards;
    setState({ seen: answer, cards });
  }
  return state.cards;
}

function ManualEntry({
  inputRef,
  answer,
  submitting,
  children,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  answer: ScanAnswer | undefined;
  submitting: boolean;
  /** What the last scan answered, right under the field. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const refused = answer?.kind === 'refused' && !isQuestion(answer);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scan-manual">
      <Title order={2} size="h4" id="scan-manual" mb="sm">
        {t('admin:scan.manualTitle')}
      </Title>
      <Form method="post" noValidate preventScrollReset data-testid="scan-form">
        <Stack gap="md">
          {/* Not controlled: what was typed before the scripts ran stays in the field when they take over. */}
          <TextInput
            ref={inputRef}
            name="text"
            label={t('admin:scan.field')}
            description={t('admin:scan.fieldHint')}
            defaultValue={answer?.kind === 'refused' ? answer.text : ''}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={500}
            required
            error={refused ? true : undefined}
          />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconSearch size={16} aria-hidden />}>
              {t('admin:scan.submit')}
            </Button>
          </Group>
        </Stack>
      </Form>
      {/* Outside the form: the question without scripts is a form of its own. */}
      <Stack mt="md">{children}</Stack>
    </Card>
  );
}

function CameraEntry({
  camera,
  setCamera,
  submitting,
  onScan,
}: {
  camera: boolean;
  setCamera: (update: (on: boolean) => boolean) => void;
  submitting: boolean;
  onScan: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scan-camera">
      <Title order={2} size="h4" id="scan-camera" mb="sm">
        {t('admin:scan.cameraTitle')}
      </Title>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('admin:scan.cameraIntro')}
        </Text>
        {camera && (
          <Suspense fallback={<Text size="sm">{t('admin:scan.camera.loading')}</Text>}>
            <QrScanner onScan={onScan} />
          </Suspense>
        )}
        <Group>
          <Button
            variant={camera ? 'default' : 'filled'}
            leftSection={
              camera ? <IconCameraOff size={16} aria-hidden /> : <IconCamera size={16} aria-hidden />
            }
            onClick={() => setCamera((on) => !on)}
            disabled={submitting}
            data-testid="camera-toggle"
          >
            {camera ? t('admin:scan.cameraStop') : t('admin:scan.cameraStart')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the last scan answered: the card taken in, a refusal in words, or (without scripts) its question. */
function LastAnswer({ answer, hydrated }: { answer: ScanAnswer | undefined; hydrated: boolean }) {
  const { t } = useTranslation();
  if (!answer) return null;
  if (answer.kind === 'taken') return <TakenCard card={answer.card} />;
  if (isQuestion(answer)) return hydrated ? null : <ScanQuestionForm answer={answer} />;
  return (
    <FormAlert kind="error" testId="scan-error">
      {refusalText(t, answer)}
    </FormAlert>
  );
}

export default function Scan() {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const answer = useActionData<typeof action>();
  const taken = useTakenCards(answer);
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.has('text') === true;
  /** The question the volunteer answered or put aside: its dialog stays closed. */
  const [settled, setSettled] = useState<ScanAnswer | undefined>(undefined);
  const asking = isQuestion(answer) && settled !== answer;

  // Volunteers scan card after card: the field is ready for typing, or for a handheld scanner, at once, and
  // emptied after each card taken in.
  useEffect(() => {
    if (answer?.kind === 'taken' && inputRef.current) inputRef.current.value = '';
    if (!isQuestion(answer)) inputRef.current?.focus();
  }, [answer]);

  const send = useCallback(
    (text: string, confirm = false) =>
      void submit(
        { text, ...(confirm ? { confirm: 'true' } : {}) },
        { method: 'post', preventScrollReset: true },
      ),
    [submit],
  );

  const onScan = useCallback(
    (value: string) => {
      setCamera(false);
      if (inputRef.current) inputRef.current.value = value;
      send(value);
    },
    [send],
  );

  const closeQuestion = () => {
    setSettled(answer);
    inputRef.current?.focus();
  };

  return (
    <AdminPage>
      <AdminHeading title={t('admin:scan.title')} intro={t('admin:scan.intro')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ManualEntry inputRef={inputRef} answer={answer} submitting={submitting}>
            <LastAnswer answer={answer} hydrated={hydrated} />
          </ManualEntry>
          <CameraEntry camera={camera} setCamera={setCamera} submitting={submitting} onScan={onScan} />
        </SimpleGrid>
        <EarlierCards
          cards={taken.filter(
            (card) => answer?.kind !== 'taken' || card.candidateId !== answer.card.candidateId,
          )}
        />
      </Stack>
      {isQuestion(answer) && hydrated && (
        <ScanQuestionDialog
          answer={answer}
          opened={asking}
          busy={submitting}
          onClose={closeQuestion}
          onConfirm={() => {
            setSettled(answer);
            send(answer.text, true);
          }}
        />
      )}
    </AdminPage>
  );
}

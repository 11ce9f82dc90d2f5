/**
 * Scanning returned route cards, one after another: with the device's camera (the QR code), or by typing or
 * pasting the reference printed on the card (a handheld scanner typing into the field works too). A card taken in
 * moves the candidate to card_received; the page says which card it was and what changed, empties the field and
 * puts the cursor back in it for the next card, and offers "Judge now". A card whose kit was never marked sent or
 * handed over is taken in only once the volunteer confirms (the API's 409 kit_not_sent).
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCameraOff, IconSearch } from '@tabler/icons-react';
import { type RefObject, Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseScanText } from '../../../domain/references.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ConfirmDialog } from '../../components/admin/admin-modal.tsx';
import { ScannedCards } from '../../components/admin/scanned-cards.tsx';
import type { ScannedCard } from '../../components/admin/types.ts';
import { ApiError, errorMessageKey } from '../../lib/api/client.ts';

// The scanner and its WebAssembly decoder are downloaded only when the camera is turned on.
const QrScanner = lazy(() => import('../../components/admin/qr-scanner.tsx'));

/** The text to show for a refused scan. */
function scanErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    // A well-formed reference that matches no candidate says so (unknown_reference) through errorMessageKey.
    if (error.code === 'text_not_valid') return 'validation:text_not_valid';
    if (error.code === 'already_homologated') return 'validation:already_homologated';
    if (error.code === 'not_paid') return 'admin:scan.notPaid';
  }
  return errorMessageKey(error);
}

/** The API's answer for a card whose kit nobody marked sent or handed over. */
const kitNotSent = (error: unknown) => error instanceof ApiError && error.code === 'kit_not_sent';

/**
 * Taking a card in: the text checked, then sent; a card whose kit was not sent waits for the volunteer's
 * confirmation (`unsent`). After each card the field is emptied and takes the cursor back.
 */
function useTakeCards(inputRef: RefObject<HTMLInputElement | null>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [taken, setTaken] = useState<ScannedCard[]>([]);
  /** The text of a card waiting for the volunteer to confirm that its kit did reach the rider. */
  const [unsent, setUnsent] = useState<string | null>(null);

  const take = useCallback(
    async (value: string, confirm = false) => {
      setError(null);
      if (!parseScanText(value)) {
        setError('validation:text_not_valid');
        inputRef.current?.focus();
        return;
      }
      setSubmitting(true);
      try {
        const card = await adminApi.scan(value.trim(), confirm);
        setTaken((cards) => [card, ...cards.filter((other) => other.candidateId !== card.candidateId)]);
        setText('');
      } catch (cause) {
        if (kitNotSent(cause)) {
          setUnsent(value);
          setSubmitting(false);
          return;
        }
        setError(scanErrorKey(cause));
      }
      setSubmitting(false);
      inputRef.current?.focus();
    },
    [inputRef],
  );
  return { text, setText, error, submitting, taken, unsent, setUnsent, take };
}

function ManualEntry({
  inputRef,
  text,
  setText,
  error,
  submitting,
  onTake,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  setText: (text: string) => void;
  error: string | null;
  submitting: boolean;
  onTake: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scan-manual">
      <Title order={2} size="h4" id="scan-manual" mb="sm">
        {t('admin:scan.manualTitle')}
      </Title>
      <form
        noValidate
        data-testid="scan-form"
        onSubmit={(event) => {
          event.preventDefault();
          onTake();
        }}
      >
        <Stack gap="md">
          <TextInput
            ref={inputRef}
            label={t('admin:scan.field')}
            description={t('admin:scan.fieldHint')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={500}
            required
            error={error ? true : undefined}
          />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconSearch size={16} aria-hidden />}>
              {t('admin:scan.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
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

export default function Scan() {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const cards = useTakeCards(inputRef);
  const { take, setText, setUnsent } = cards;

  // Volunteers scan card after card: the field is ready for typing, or for a handheld scanner, at once.
  useEffect(() => inputRef.current?.focus(), []);

  const closeUnsent = () => {
    setUnsent(null);
    inputRef.current?.focus();
  };

  const onScan = useCallback(
    (value: string) => {
      setCamera(false);
      setText(value);
      void take(value);
    },
    [take, setText],
  );

  return (
    <AdminPage>
      <AdminHeading title={t('admin:scan.title')} intro={t('admin:scan.intro')} />
      <ScannedCards cards={cards.taken} />
      {cards.error && (
        <Stack mb="md">
          <FormAlert kind="error" testId="scan-error">
            {t(cards.error)}
          </FormAlert>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ManualEntry
          inputRef={inputRef}
          text={cards.text}
          setText={setText}
          error={cards.error}
          submitting={cards.submitting}
          onTake={() => void take(cards.text)}
        />
        <CameraEntry camera={camera} setCamera={setCamera} submitting={cards.submitting} onScan={onScan} />
      </SimpleGrid>
      <ConfirmDialog
        opened={cards.unsent !== null}
        onClose={closeUnsent}
        onConfirm={() => {
          const value = cards.unsent ?? '';
          setUnsent(null);
          void take(value, true);
        }}
        title={t('admin:scan.unsentTitle')}
        text={t('admin:scan.unsentText')}
        action={t('admin:scan.unsentConfirm')}
        loading={cards.submitting}
        testId="scan-unsent"
      />
    </AdminPage>
  );
}

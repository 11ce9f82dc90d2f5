/**
 * Scanning a returned route card: with the device's camera (the QR code), or by typing or pasting the reference
 * printed on the card (a handheld scanner typing into the field works too). A card taken in moves the candidate to
 * card_received and opens the candidate's page, where the card is judged.
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconCameraOff, IconSearch } from '@tabler/icons-react';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseScanText } from '../../../domain/references.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
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

export default function Scan() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // Volunteers scan card after card: the field is ready for typing, or for a handheld scanner, at once.
  useEffect(() => inputRef.current?.focus(), []);

  const take = useCallback(
    async (value: string) => {
      setError(null);
      if (!parseScanText(value)) {
        setError('validation:text_not_valid');
        inputRef.current?.focus();
        return;
      }
      setSubmitting(true);
      try {
        const result = await adminApi.scan(value.trim());
        void navigate(`/${i18n.language}/administration/candidates/${result.candidateId}`);
      } catch (cause) {
        setError(scanErrorKey(cause));
        setSubmitting(false);
        inputRef.current?.focus();
      }
    },
    [i18n.language, navigate],
  );

  const onScan = useCallback(
    (value: string) => {
      setCamera(false);
      setText(value);
      void take(value);
    },
    [take],
  );

  return (
    <AdminPage>
      <AdminHeading title={t('admin:scan.title')} intro={t('admin:scan.intro')} />
      {error && (
        <Stack mb="md">
          <FormAlert kind="error" testId="scan-error">
            {t(error)}
          </FormAlert>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scan-manual">
          <Title order={2} size="h4" id="scan-manual" mb="sm">
            {t('admin:scan.manualTitle')}
          </Title>
          <form
            noValidate
            data-testid="scan-form"
            onSubmit={(event) => {
              event.preventDefault();
              void take(text);
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
      </SimpleGrid>
    </AdminPage>
  );
}

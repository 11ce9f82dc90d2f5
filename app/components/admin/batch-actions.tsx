/**
 * The actions on the selected candidates of an inscriptions list: print their route cards and frame plates (a
 * print job on the server, followed with a progress bar, then one PDF), print address labels (postal list),
 * send the documents by email (email list), and mark the kits as processed, which the list names as posted,
 * emailed or handed over, after a confirmation.
 */
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconDownload,
  IconExternalLink,
  IconMailForward,
  IconPrinter,
  IconTag,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api/client.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { AdminModal, ConfirmDialog } from './admin-modal.tsx';
import { adminApi, pollPrintJob, printJobFileUrl } from '../../lib/api/admin.ts';
import { saveBlob } from './save-blob.ts';
import { fileName } from '../../../domain/file-names.ts';
import type { InscriptionList, PrintJobStatus } from './types.ts';
import { ActionOutcome, type Outcome } from './action-outcome.tsx';

type Confirmable = 'send' | 'processed';

function PrintJobDialog({ ids, onClose }: { ids: readonly number[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [status, setStatus] = useState<PrintJobStatus>({ status: 'running', done: 0, total: ids.length });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const job = await adminApi.startPrintJob([...ids]);
      if (controller.signal.aborted) return;
      setJobId(job.jobId);
      setStatus({ status: 'running', done: 0, total: job.total });
      await pollPrintJob(job.jobId, { signal: controller.signal, onProgress: setStatus });
    })().catch((cause: unknown) => {
      if (!controller.signal.aborted) setError(errorMessageKey(cause));
    });
    return () => controller.abort();
  }, [ids]);

  const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
  const done = status.status === 'done' && jobId !== null;
  return (
    <AdminModal opened onClose={onClose} title={t('admin:batch.printTitle')}>
      <Stack gap="md" data-testid="print-job">
        {error ? (
          <FormAlert kind="error">{t(error)}</FormAlert>
        ) : (
          <>
            <Progress.Root size="xl">
              <Progress.Section
                value={percent}
                animated={!done}
                color={done ? 'green' : undefined}
                // Counted in candidates rather than Mantine's percentage, as the text under the bar says.
                withAria={false}
                role="progressbar"
                aria-label={t('admin:batch.printTitle')}
                aria-valuemin={0}
                aria-valuemax={status.total}
                aria-valuenow={status.done}
                aria-valuetext={t('admin:batch.printProgress', { count: status.done, total: status.total })}
              />
            </Progress.Root>
            <Text size="sm" aria-hidden>
              {t('admin:batch.printProgress', { count: status.done, total: status.total })}
            </Text>
            <Text role="status" size="sm" fw={600}>
              {done ? t('admin:batch.printReady') : t('admin:batch.printRunning')}
            </Text>
          </>
        )}
        {done && (
          <Group gap="sm">
            <Button
              component="a"
              href={printJobFileUrl(jobId, i18n.language)}
              download={fileName(t('admin:files.routeCards', { count: status.total }), 'pdf')}
              leftSection={<IconDownload size={16} aria-hidden />}
              data-autofocus
            >
              {t('admin:batch.download')}
            </Button>
            <Button
              component="a"
              href={printJobFileUrl(jobId, i18n.language)}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('admin:batch.open')}
            </Button>
          </Group>
        )}
      </Stack>
    </AdminModal>
  );
}

type BatchAction = 'labels' | Confirmable;

/** What the confirmation of a sending or a marking says. */
function useConfirmTexts(list: InscriptionList, confirming: Confirmable | null, count: number) {
  const { t } = useTranslation();
  if (confirming === 'send')
    return {
      title: t('admin:batch.sendTitle'),
      text: t('admin:batch.sendText', { count }),
      action: t('admin:batch.send'),
    };
  if (confirming === 'processed')
    return {
      title: t(`admin:batch.confirm.${list}.title`),
      text: t(`admin:batch.confirm.${list}.text`, { count }),
      action: t(`admin:batch.mark.${list}`),
    };
  return null;
}

/** Runs one action on the selected candidates and says how it went. */
function useRunBatch(list: InscriptionList, selectedIds: readonly number[], onProcessed: () => void) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<BatchAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const count = selectedIds.length;
  const run = async (action: BatchAction) => {
    setOutcome(null);
    setBusy(action);
    try {
      if (action === 'labels') {
        saveBlob(
          await adminApi.labels([...selectedIds], i18n.language),
          fileName(t('admin:files.labels'), 'pdf'),
        );
        setOutcome({ kind: 'success', text: t('admin:batch.labelsReady', { count }) });
      } else if (action === 'send') {
        const { queued } = await adminApi.sendDocuments([...selectedIds]);
        setOutcome({ kind: 'success', text: t('admin:batch.queued', { count: queued }) });
        // Sending processes an email kit: the candidates leave this list.
        onProcessed();
      } else {
        const { updated } = await adminApi.markProcessed([...selectedIds]);
        setOutcome({ kind: 'success', text: t(`admin:batch.updated.${list}`, { count: updated }) });
        onProcessed();
      }
    } catch (error) {
      setOutcome({ kind: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, outcome, setOutcome, run };
}

function BatchButtons({
  list,
  count,
  busy,
  onPrint,
  onLabels,
  onConfirm,
}: {
  list: InscriptionList;
  count: number;
  busy: BatchAction | null;
  onPrint: () => void;
  onLabels: () => void;
  onConfirm: (action: Confirmable) => void;
}) {
  const { t } = useTranslation();
  const none = count === 0;
  return (
    <Paper withBorder p="sm" role="group" aria-label={t('admin:batch.label')} data-testid="batch-actions">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600} mr="auto" aria-live="polite" data-testid="selection-count">
          {none ? t('admin:batch.noneSelected') : t('admin:batch.selected', { count })}
        </Text>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={none}
          onClick={onPrint}
        >
          {t('admin:batch.print')}
        </Button>
        {list === 'traitements' && (
          <Button
            variant="default"
            leftSection={<IconTag size={16} aria-hidden />}
            disabled={none}
            loading={busy === 'labels'}
            onClick={onLabels}
          >
            {t('admin:batch.labels')}
          </Button>
        )}
        {list === 'email' && (
          <Button
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
            disabled={none}
            loading={busy === 'send'}
            onClick={() => onConfirm('send')}
          >
            {t('admin:batch.send')}
          </Button>
        )}
        {list !== 'traites' && (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={none}
            loading={busy === 'processed'}
            onClick={() => onConfirm('processed')}
            data-testid="mark-processed"
          >
            {t(`admin:batch.mark.${list}`)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function BatchActions({
  list,
  selectedIds,
  onProcessed,
}: {
  list: InscriptionList;
  selectedIds: readonly number[];
  /** After the list changed on the server (candidates processed or sent): clear the selection and reload. */
  onProcessed: () => void;
}) {
  const [printing, setPrinting] = useState<readonly number[] | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const { busy, outcome, setOutcome, run } = useRunBatch(list, selectedIds, onProcessed);
  const dialog = useConfirmTexts(list, confirming, selectedIds.length);
  const start = (action: BatchAction) => {
    setConfirming(null);
    void run(action);
  };

  return (
    <Stack gap="xs" mb="md">
      <BatchButtons
        list={list}
        count={selectedIds.length}
        busy={busy}
        onPrint={() => {
          setOutcome(null);
          setPrinting([...selectedIds]);
        }}
        onLabels={() => start('labels')}
        onConfirm={setConfirming}
      />
      <ActionOutcome outcome={outcome} testId="batch-outcome" />
      {printing && <PrintJobDialog ids={printing} onClose={() => setPrinting(null)} />}
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && start(confirming)}
        title={dialog?.title}
        text={dialog?.text}
        action={dialog?.action}
        confirmTestId="confirm-batch"
      />
    </Stack>
  );
}

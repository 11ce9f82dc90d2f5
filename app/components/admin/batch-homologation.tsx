/**
 * Homologating the clean cards of the in-progress list at once: a bar with the selection and a "select all clean"
 * shortcut, one confirmation that lists the cards with the day each will be homologated on, then each card's
 * outcome (homologated with its number, skipped, or refused with why). Rows that are not clean have no box: the
 * volunteer opens them instead.
 */
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchHomologationResult } from '../../../contracts/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { errorMessageKey } from '../../lib/api/client.ts';
import { useFormat } from '../../lib/format.ts';
import { ActionOutcome, type Outcome } from './action-outcome.tsx';
import { ConfirmDialog } from './admin-modal.tsx';
import type { CandidateRow } from './types.ts';

/** A row the batch may take: its evidence is clean (domain/evidence.ts). */
export const isClean = (row: CandidateRow) => row.evidence?.state === 'clean';

function ResultLine({ result, row }: { result: BatchHomologationResult; row: CandidateRow | undefined }) {
  const { t } = useTranslation();
  const who = row ? `${row.reference} · ${row.prenom} ${row.nom}` : String(result.candidate_id);
  const text =
    result.status === 'homologated'
      ? t('admin:batchHomologation.result.homologated', {
          number: t(`admin:numberOf.${row?.epreuve ?? 'cingle'}`, { numero: result.numero }),
        })
      : result.status === 'skipped'
        ? t('admin:batchHomologation.result.skipped')
        : t(`admin:batchHomologation.refusals.${result.code ?? 'not_found'}`);
  return (
    <List.Item data-testid="batch-result" data-status={result.status}>
      <Text component="span" size="sm" fw={600}>
        {who}
      </Text>
      <Text component="span" size="sm">
        {' — '}
        {text}
      </Text>
    </List.Item>
  );
}

type BatchResults = { lines: BatchHomologationResult[]; rows: CandidateRow[] };

function BatchResultList({ results }: { results: BatchResults }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" role="status" data-testid="batch-results">
      <Text fw={700} mb="xs">
        {t('admin:batchHomologation.resultsTitle', {
          count: results.lines.filter((line) => line.status === 'homologated').length,
        })}
      </Text>
      <List spacing={4}>
        {results.lines.map((line) => (
          <ResultLine
            key={line.candidate_id}
            result={line}
            row={results.rows.find((row) => row.id === line.candidate_id)}
          />
        ))}
      </List>
    </Paper>
  );
}

/** The one confirmation: each card chosen with the day it will be homologated on. */
function ConfirmBatch({
  opened,
  chosen,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  chosen: readonly CandidateRow[];
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title={t('admin:batchHomologation.confirmTitle', { count: chosen.length })}
      text={t('admin:batchHomologation.confirmText')}
      action={t('admin:batchHomologation.confirm', { count: chosen.length })}
      loading={busy}
      confirmTestId="confirm-batch-homologation"
    >
      <List spacing={4} data-testid="batch-confirm-list">
        {chosen.map((row) => (
          <List.Item key={row.id}>
            <Text component="span" size="sm" fw={600}>
              {row.reference} · {row.prenom} {row.nom}
            </Text>
            <Text component="span" size="sm">
              {' — '}
              {t('admin:batchHomologation.onDay', {
                challenge: t(`admin:challenges.${row.epreuve}`),
                date: row.evidence?.track?.day ? format.date(row.evidence.track.day) : '—',
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </ConfirmDialog>
  );
}

/** The bar: how many are chosen, "select all clean" and "homologate". */
function BatchBar({
  chosenCount,
  cleanCount,
  onSelectAllClean,
  onHomologate,
}: {
  chosenCount: number;
  cleanCount: number;
  onSelectAllClean: () => void;
  onHomologate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={t('admin:batchHomologation.label')}
      data-testid="batch-homologation"
    >
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600} mr="auto" aria-live="polite" data-testid="selection-count">
          {cleanCount === 0
            ? t('admin:batchHomologation.noneClean')
            : chosenCount === 0
              ? t('admin:batchHomologation.noneSelected', { count: cleanCount })
              : t('admin:batch.selected', { count: chosenCount })}
        </Text>
        {cleanCount > 0 && (
          <>
            <Button
              variant="default"
              leftSection={<IconChecks size={16} aria-hidden />}
              onClick={onSelectAllClean}
              data-testid="select-all-clean"
            >
              {t('admin:batchHomologation.selectClean', { count: cleanCount })}
            </Button>
            <Button
              leftSection={<IconCertificate size={16} aria-hidden />}
              disabled={chosenCount === 0}
              onClick={onHomologate}
              data-testid="homologate-selected"
            >
              {chosenCount === 0
                ? t('admin:batchHomologation.homologateNone')
                : t('admin:batchHomologation.homologate', { count: chosenCount })}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}

export function BatchHomologation({
  rows,
  selectedIds,
  onSelectAllClean,
  onDone,
}: {
  rows: readonly CandidateRow[];
  selectedIds: readonly number[];
  onSelectAllClean: () => void;
  /** After the batch ran: the list reads again. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BatchResults | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chosen = rows.filter((row) => selectedIds.includes(row.id));

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { results: lines } = await adminApi.homologateBatch(
        chosen.map((row) => ({ candidate_id: row.id })),
        crypto.randomUUID(),
      );
      setResults({ lines, rows: chosen });
      setConfirming(false);
      onDone();
    } catch (error) {
      setOutcome({ kind: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" mb="md">
      <BatchBar
        chosenCount={chosen.length}
        cleanCount={rows.filter(isClean).length}
        onSelectAllClean={onSelectAllClean}
        onHomologate={() => {
          setResults(null);
          setConfirming(true);
        }}
      />
      <ActionOutcome outcome={outcome} testId="batch-homologation-error" />
      {results && <BatchResultList results={results} />}
      <ConfirmBatch
        opened={confirming}
        chosen={chosen}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

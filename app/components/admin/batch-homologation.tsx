/**
 * Homologating cards of the in-progress list at once: the clean ones (a complete ride, no flag) and the cards back
 * without a ride, which most riders send. A bar with the selection and a "select all clean" shortcut, one
 * confirmation that lists the cards with the day each will be homologated on — the ride's, or for a card without a
 * ride the day the volunteer gives, one for all or each its own — then each card's outcome (homologated with its
 * number, skipped, or refused with why). Other rows have no box: the volunteer opens them instead.
 */
import { Button, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCertificate, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { calendarDateOf, today } from '../../../domain/dates.ts';
import { useTranslation } from 'react-i18next';
import type { BatchHomologationResult } from '../../../contracts/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { errorMessageKey } from '../../lib/api/client.ts';
import { useFormat } from '../../lib/format.ts';
import { ActionOutcome, type Outcome } from './action-outcome.tsx';
import { ConfirmDialog } from './admin-modal.tsx';
import type { CandidateRow } from './types.ts';

/** A row whose evidence is clean (domain/evidence.ts): homologated on its ride's day. */
export const isClean = (row: CandidateRow) => row.evidence?.state === 'clean';

/** A card back without a ride (and no request open): homologated on the day the volunteer gives. */
const isCardOnly = (row: CandidateRow) => row.evidence?.state === 'missing';

/** A row the batch may take. */
export const isBatchable = (row: CandidateRow) => isClean(row) || isCardOnly(row);

/** The days typed in the confirmation: one for all the cards without a ride, and each row's own. */
type Days = { all: string; rows: Record<number, string> };
const dayOf = (days: Days, row: CandidateRow) => days.rows[row.id] ?? days.all;

function ResultLine({ result, row }: { result: BatchHomologationResult; row: CandidateRow | undefined }) {
  const { t } = useTranslation();
  const who = row ? `${row.reference} · ${row.prenom} ${row.nom}` : String(result.candidate_id);
  const text =
    result.status === 'homologated'
      ? t('admin:batchHomologation.result.homologated', {
          number: t(`homologation:numberOf.${row?.epreuve ?? 'cingle'}`, { numero: result.numero }),
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

/** A chosen row in the confirmation: its challenge and day, typed for a card without a ride. */
function ChosenRow({
  row,
  days,
  onDay,
}: {
  row: CandidateRow;
  days: Days;
  onDay: (id: number, day: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = `${row.prenom} ${row.nom}`;
  return (
    <List.Item data-testid="batch-confirm-row">
      <Text component="span" size="sm" fw={600}>
        {row.reference} · {name}
      </Text>
      <Text component="span" size="sm">
        {' — '}
        {isCardOnly(row)
          ? `${t(`admin:challenges.${row.epreuve}`)}, ${t('admin:batchHomologation.cardOnly')}`
          : t('admin:batchHomologation.onDay', {
              challenge: t(`admin:challenges.${row.epreuve}`),
              date: row.evidence?.track?.day ? format.date(row.evidence.track.day) : '—',
            })}
      </Text>
      {isCardOnly(row) && (
        <TextInput
          type="date"
          size="xs"
          maw={200}
          mt={4}
          label={t('admin:batchHomologation.rowDay', { name })}
          value={dayOf(days, row)}
          min={calendarDateOf(new Date(row.created_at))}
          max={today()}
          onChange={(event) => onDay(row.id, event.currentTarget.value)}
        />
      )}
    </List.Item>
  );
}

/** The one confirmation: each card chosen with the day it will be homologated on. */
function ConfirmBatch({
  opened,
  chosen,
  days,
  setDays,
  problem,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  chosen: readonly CandidateRow[];
  days: Days;
  setDays: (update: (days: Days) => Days) => void;
  problem: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const withoutRide = chosen.some(isCardOnly);
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
      {withoutRide && (
        <TextInput
          type="date"
          maw={260}
          label={t('admin:batchHomologation.dayForAll')}
          description={t('admin:batchHomologation.dayForAllHint')}
          value={days.all}
          max={today()}
          onChange={(event) => {
            const all = event.currentTarget.value;
            setDays(() => ({ all, rows: {} }));
          }}
          data-testid="batch-day-for-all"
        />
      )}
      <List spacing={6} data-testid="batch-confirm-list">
        {chosen.map((row) => (
          <ChosenRow
            key={row.id}
            row={row}
            days={days}
            onDay={(id, day) => setDays((current) => ({ ...current, rows: { ...current.rows, [id]: day } }))}
          />
        ))}
      </List>
      {problem && (
        <Text size="sm" c="red.8" role="alert" data-testid="batch-day-missing">
          {problem}
        </Text>
      )}
    </ConfirmDialog>
  );
}

/** The bar: how many are chosen, "select all clean" and "homologate". */
function BatchBar({
  chosenCount,
  cleanCount,
  batchableCount,
  onSelectAllClean,
  onHomologate,
}: {
  chosenCount: number;
  cleanCount: number;
  batchableCount: number;
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
          {batchableCount === 0
            ? t('admin:batchHomologation.noneClean')
            : chosenCount === 0
              ? t('admin:batchHomologation.noneSelected', { count: batchableCount })
              : t('admin:batch.selected', { count: chosenCount })}
        </Text>
        {cleanCount > 0 && (
          <Button
            variant="default"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={onSelectAllClean}
            data-testid="select-all-clean"
          >
            {t('admin:batchHomologation.selectClean', { count: cleanCount })}
          </Button>
        )}
        {batchableCount > 0 && (
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
  const [days, setDays] = useState<Days>({ all: '', rows: {} });
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = rows.filter((row) => selectedIds.includes(row.id));

  const run = async () => {
    if (chosen.some((row) => isCardOnly(row) && !dayOf(days, row))) {
      setProblem(t('admin:batchHomologation.dayRequired'));
      return;
    }
    setProblem(null);
    setBusy(true);
    setOutcome(null);
    try {
      const { results: lines } = await adminApi.homologateBatch(
        chosen.map((row) =>
          isCardOnly(row)
            ? { candidate_id: row.id, date_passage: dayOf(days, row) }
            : { candidate_id: row.id },
        ),
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
        batchableCount={rows.filter(isBatchable).length}
        onSelectAllClean={onSelectAllClean}
        onHomologate={() => {
          setResults(null);
          setProblem(null);
          setDays({ all: '', rows: {} });
          setConfirming(true);
        }}
      />
      <ActionOutcome outcome={outcome} testId="batch-homologation-error" />
      {results && <BatchResultList results={results} />}
      <ConfirmBatch
        opened={confirming}
        chosen={chosen}
        days={days}
        setDays={setDays}
        problem={problem}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void run()}
      />
    </Stack>
  );
}

/**
 * The columns of the admin candidate lists, each defined once: its header, the sort it offers, how it draws a
 * row's value, and whether that value may wrap. The lists name the columns they show (LIST_COLUMNS); the table
 * (candidate-table.tsx) lays them out as a table on a wide screen and as one card per row on a narrow one, so a
 * new column is a new entry here and a place in a list, nothing more.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { useFormat } from '../../lib/format.ts';
import { EvidenceSummary } from './evidence-summary.tsx';
import { CancellationRequestBadge, CertifiedBy, StatusBadge, personName } from './labels.tsx';
import type { SortKey } from './list-query.ts';
import type { CandidateListId, CandidateRow } from './types.ts';

export interface CellContext {
  /** The class that lets a long word (an email address) break anywhere rather than widen its column. */
  breakAnywhere: string;
  t: TFunction;
  lang: string;
  format: ReturnType<typeof useFormat>;
  pickupPointNames: Readonly<Record<string, string>>;
}

export interface ColumnDefinition {
  /** The `admin:table.*` key of its header. */
  label: string;
  sort?: SortKey;
  /**
   * `keep`: short values that must be seen whole (a reference, a status, a number): never wrapped nor cut.
   * `wrap`: text that wraps within the column (names, addresses, reasons). `title`: the card's heading line.
   */
  fit: 'keep' | 'wrap' | 'title';
  cell: (row: CandidateRow, context: CellContext) => ReactNode;
}

const dash = '—';

const DEFINITIONS = {
  reference: {
    label: 'reference',
    sort: 'reference',
    fit: 'keep',
    cell: (row) => (
      <Text ff="monospace" size="sm" span>
        {row.reference}
      </Text>
    ),
  },
  candidate: {
    label: 'candidate',
    sort: 'nom',
    fit: 'title',
    cell: (row, { lang, breakAnywhere }) => (
      <>
        <Anchor component={Link} to={`/${lang}/administration/candidates/${row.id}`} fw={600}>
          {row.prenom} {row.nom}
        </Anchor>
        <Text size="xs" c="dimmed" className={breakAnywhere}>
          {row.email}
        </Text>
      </>
    ),
  },
  challenge: {
    label: 'challenge',
    sort: 'epreuve',
    fit: 'keep',
    cell: (row, { t }) => t(`admin:challenges.${row.epreuve}`),
  },
  created_at: {
    label: 'created_at',
    sort: 'created_at',
    fit: 'keep',
    cell: (row, { format }) => (
      <time dateTime={String(row.created_at)}>{format.shortTimestamp(row.created_at)}</time>
    ),
  },
  date_livraison: {
    label: 'date_livraison',
    sort: 'date_livraison',
    fit: 'keep',
    cell: (row, { format }) =>
      row.date_livraison ? (
        <time dateTime={row.date_livraison}>{format.shortDate(row.date_livraison)}</time>
      ) : (
        dash
      ),
  },
  delivery: {
    label: 'delivery',
    fit: 'wrap',
    cell: (row, { t, pickupPointNames }) =>
      row.mode_livraison ? (
        <>
          {t(`admin:delivery.${row.mode_livraison}`)}
          {row.mode_livraison === 'retrait' && row.point_retrait && (
            <Text size="xs" c="dimmed">
              {pickupPointNames[row.point_retrait] ?? row.point_retrait}
            </Text>
          )}
        </>
      ) : (
        dash
      ),
  },
  /** The status, and under it a buyer's open request to cancel: the kit waits for its decision. */
  status: {
    label: 'status',
    sort: 'statut',
    fit: 'keep',
    cell: (row) =>
      row.cancellation_request ? (
        <Stack gap={4} align="flex-start">
          <StatusBadge status={row.statut} />
          <CancellationRequestBadge request={row.cancellation_request} />
        </Stack>
      ) : (
        <StatusBadge status={row.statut} />
      ),
  },
  numero: {
    label: 'numero',
    sort: 'numero',
    fit: 'keep',
    // The day ridden under the number: one column fewer, so that the history's table fits beside the sidebar.
    cell: (row, { t, format }) =>
      row.homologation ? (
        <>
          <Text fw={700} size="sm" data-testid="homologation-number">
            {t(`homologation:numberOf.${row.homologation.epreuve}`, { numero: row.homologation.numero })}
          </Text>
          {row.homologation.date_passage && (
            <Text size="xs" c="dimmed">
              <time dateTime={row.homologation.date_passage}>
                {format.shortDate(row.homologation.date_passage)}
              </time>
            </Text>
          )}
        </>
      ) : (
        dash
      ),
  },
  date_passage: {
    label: 'date_passage',
    sort: 'date_passage',
    fit: 'keep',
    cell: (row, { format }) => {
      const date = row.homologation?.date_passage;
      return date ? <time dateTime={date}>{format.shortDate(date)}</time> : dash;
    },
  },
  /** Who decided: who certified a homologated ride, who rejected a refused one. */
  homologator: {
    label: 'homologator',
    fit: 'wrap',
    cell: (row, { t }) =>
      row.homologation ? (
        <CertifiedBy homologator={row.homologation.homologateur} />
      ) : row.rejectedBy ? (
        <Group gap={6}>
          <Text size="sm" data-testid="rejected-by">
            {t('admin:rejectedBy', { name: personName(t, row.rejectedBy) })}
          </Text>
        </Group>
      ) : (
        dash
      ),
  },
  /** A returned card's evidence (the in-progress list): the ride, its flags, the request to the rider. */
  evidence: {
    label: 'evidence',
    sort: 'evidence',
    fit: 'wrap',
    cell: (row) => <EvidenceSummary evidence={row.evidence} />,
  },
  rejection_reason: {
    label: 'rejection_reason',
    fit: 'wrap',
    cell: (row) =>
      row.statut === 'rejected' && row.rejectionReason ? (
        <Text size="sm" data-testid="rejection-reason">
          {row.rejectionReason}
        </Text>
      ) : (
        dash
      ),
  },
} as const satisfies Record<string, ColumnDefinition>;

export type ColumnId = keyof typeof DEFINITIONS;
export const COLUMNS: Readonly<Record<ColumnId, ColumnDefinition>> = DEFINITIONS;

const INSCRIPTION_COLUMNS: readonly ColumnId[] = [
  'reference',
  'candidate',
  'challenge',
  'created_at',
  'date_livraison',
  'delivery',
  'status',
];

/** The columns each list shows, in order. */
export const LIST_COLUMNS: Readonly<Record<CandidateListId, readonly ColumnId[]>> = {
  consent: INSCRIPTION_COLUMNS,
  traitements: INSCRIPTION_COLUMNS,
  email: INSCRIPTION_COLUMNS,
  retrait: INSCRIPTION_COLUMNS,
  traites: INSCRIPTION_COLUMNS,
  in_progress: ['reference', 'candidate', 'challenge', 'evidence', 'created_at', 'status'],
  history: ['reference', 'candidate', 'numero', 'homologator', 'rejection_reason', 'status'],
};

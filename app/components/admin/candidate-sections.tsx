/**
 * The parts of a candidate's file on its admin page: identity and contact, the statements on honour, the order
 * and its delivery, the delivery and billing addresses, the documents, and the history of audit entries.
 */
import { Anchor, Badge, Card, DataList, List, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconFileTypePdf, IconMinus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '../../../domain/countries.ts';
import { knownDate } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import classes from './candidate-sections.module.css';
import { useFormat } from '../../lib/format.ts';
import { personName } from './labels.tsx';
import type { Address, CandidateOrder, CandidateRecord, HistoryEntry } from './types.ts';
import { postalAddressLines } from '../../../domain/postal-address.ts';
import { auditActionKey } from '../../../domain/audit-actions.ts';

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const factsClasses = { item: classes.item, itemValue: classes.value };

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children === '' || children == null ? '—' : children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function useCountry() {
  const { i18n } = useTranslation();
  const locale = localeOr(i18n.language);
  return (code: string | null | undefined) => (code ? (countryName(code, locale) ?? code.toUpperCase()) : '');
}

export function IdentitySection({ candidate }: { candidate: CandidateRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const country = useCountry();
  // An unknown birth date (the legacy 1970-01-01 included) reads as a dash.
  const birthDate = knownDate(candidate.date_naissance);
  return (
    <Section title={t('admin:candidate.identity')} id="candidate-identity">
      <DataList labelWidth="11rem" classNames={factsClasses}>
        <Item label={t('admin:fields.civilite')}>{t(`admin:civilite.${candidate.civilite}`)}</Item>
        <Item label={t('admin:fields.nom')}>{candidate.nom}</Item>
        <Item label={t('admin:fields.prenom')}>{candidate.prenom}</Item>
        <Item label={t('admin:fields.date_naissance')}>{birthDate && format.date(birthDate)}</Item>
        <Item label={t('admin:fields.nationalite')}>{country(candidate.nationalite)}</Item>
        <Item label={t('admin:fields.email')}>
          <Anchor href={`mailto:${candidate.email}`} size="sm">
            {candidate.email}
          </Anchor>
        </Item>
        <Item label={t('admin:fields.portable')}>
          <Anchor href={`tel:${candidate.portable.replace(/\s+/g, '')}`} size="sm">
            {candidate.portable}
          </Anchor>
        </Item>
        <Item label={t('admin:fields.adresse')}>
          <AddressLines lines={postalAddressLines(candidate)} country={country(candidate.pays)} />
        </Item>
        <Item label={t('admin:fields.created_at')}>{format.dateTime(candidate.created_at)}</Item>
      </DataList>
    </Section>
  );
}

export function StatementsSection({ candidate }: { candidate: CandidateRecord }) {
  const { t } = useTranslation();
  const statements = [
    'attestation_condition_physique',
    'attestation_assurance',
    'autorisation_parentale',
    'certificat_medical',
  ] as const;
  return (
    <Section title={t('admin:candidate.statements')} id="candidate-statements">
      <List spacing="xs" listStyleType="none">
        {statements.map((statement) => (
          <List.Item
            key={statement}
            icon={
              candidate[statement] ? (
                <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconMinus size={16} color="var(--mantine-color-dimmed)" aria-hidden />
              )
            }
          >
            {t(`admin:statements.${statement}`)}{' '}
            <Text span size="sm" c={candidate[statement] ? undefined : 'dimmed'}>
              ({candidate[statement] ? t('admin:yes') : t('admin:no')})
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

function AddressLines({ lines, country }: { lines: (string | null | undefined)[]; country: string }) {
  return (
    <Text component="address" fs="normal" size="sm">
      {[...lines, country]
        .filter((line): line is string => Boolean(line && line.trim()))
        .map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
    </Text>
  );
}

export function AddressSection({
  title,
  id,
  address,
}: {
  title: string;
  id: string;
  address: Address | null;
}) {
  const { t } = useTranslation();
  const country = useCountry();
  return (
    <Section title={title} id={id}>
      {address ? (
        <AddressLines
          lines={[`${address.prenom} ${address.nom}`, ...postalAddressLines(address)]}
          country={country(address.pays)}
        />
      ) : (
        <Text c="dimmed">{t('admin:candidate.noAddress')}</Text>
      )}
    </Section>
  );
}

export function OrderSection({
  order,
  pickupPointNames,
}: {
  order: CandidateOrder | null;
  pickupPointNames: Readonly<Record<string, string>>;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Section title={t('admin:candidate.order')} id="candidate-order">
      {order ? (
        <DataList labelWidth="11rem" classNames={factsClasses}>
          <Item label={t('admin:order.reference')}>
            <Text span ff="monospace">
              {order.reference}
            </Text>
          </Item>
          <Item label={t('admin:order.status')}>
            <Badge variant="dot" color={order.status === 'paid' ? 'green' : 'gray'}>
              {t(`admin:orderStatuses.${order.status}`, { defaultValue: order.status })}
            </Badge>
          </Item>
          <Item label={t('admin:table.delivery')}>{t(`admin:delivery.${order.mode_livraison}`)}</Item>
          {order.mode_livraison === 'retrait' && (
            <Item label={t('admin:order.pickupPoint')}>
              {order.point_retrait ? (pickupPointNames[order.point_retrait] ?? order.point_retrait) : ''}
            </Item>
          )}
          <Item label={t('admin:table.date_livraison')}>
            {order.date_livraison ? format.date(order.date_livraison) : ''}
          </Item>
          <Item label={t('admin:order.buyer')}>
            {order.buyer && (
              <>
                {order.buyer.prenom} {order.buyer.nom}
                <br />
                <Anchor href={`mailto:${order.buyer.email}`} size="sm">
                  {order.buyer.email}
                </Anchor>
              </>
            )}
          </Item>
        </DataList>
      ) : (
        <Text c="dimmed">{t('admin:candidate.noOrder')}</Text>
      )}
      {order?.status === 'paid' && (
        <Anchor
          component={Link}
          to={`/${i18n.language}/administration/orders/${order.id}/refunds`}
          size="sm"
          mt="sm"
          display="inline-block"
          data-testid="order-refunds-link"
        >
          {t('admin:refunds.link')}
        </Anchor>
      )}
    </Section>
  );
}

export function DocumentsSection({
  documents,
  children,
}: {
  documents: readonly { kind: string; url: string }[];
  /** What the page adds below the list: the sending by email. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin:candidate.documents')} id="candidate-documents">
      {documents.length === 0 ? (
        <Text c="dimmed">{t('admin:candidate.noDocuments')}</Text>
      ) : (
        <List spacing="xs" listStyleType="none">
          {documents.map((document) => (
            <List.Item key={document.url} icon={<IconFileTypePdf size={18} aria-hidden />}>
              <Anchor href={document.url} target="_blank" rel="noopener">
                {t(`admin:documentKinds.${document.kind}`, { defaultValue: document.kind })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {children}
    </Section>
  );
}

/** A recorded value as text: an address is its parts in a line. */
function historyValue(value: unknown): string {
  if (value && typeof value === 'object') return Object.values(value).filter(Boolean).join(', ') || '—';
  return typeof value === 'string' && value ? value : '—';
}

/** A change recorded in the audit log, in words: the status it moved to, or the fields it changed. */
function ChangeSummary({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const after =
    entry.after && typeof entry.after === 'object' ? (entry.after as Record<string, unknown>) : {};
  const before =
    entry.before && typeof entry.before === 'object' ? (entry.before as Record<string, unknown>) : {};
  const parts: string[] = [];
  if (
    typeof after.statut === 'string' &&
    typeof before.statut === 'string' &&
    after.statut !== before.statut
  ) {
    parts.push(
      t('admin:history.statusChange', {
        from: t(`admin:statuses.${before.statut}`, { defaultValue: before.statut }),
        to: t(`admin:statuses.${after.statut}`, { defaultValue: after.statut }),
      }),
    );
  }
  if (typeof after.numero === 'number') parts.push(t('admin:history.number', { numero: after.numero }));
  if (typeof after.reason === 'string') parts.push(t('admin:history.reason', { reason: after.reason }));
  if (typeof after.note === 'string') parts.push(t('admin:history.note', { note: after.note }));
  // A buyer's own change lists every field it touched (services/registrations/registration-changes.ts).
  const fields = entry.action.endsWith('_by_buyer')
    ? Object.keys(after)
    : (['date_passage', 'commentaire'] as const);
  for (const field of fields) {
    if (field in after && field in before && after[field] !== before[field]) {
      parts.push(
        t('admin:history.fieldChange', {
          field: t(`admin:fields.${field}`, { defaultValue: field }),
          from: historyValue(before[field]),
          to: historyValue(after[field]),
        }),
      );
    }
  }
  if (parts.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

export function HistorySection({ history }: { history: readonly HistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section title={t('admin:candidate.history')} id="candidate-history">
      {history.length === 0 ? (
        <Text c="dimmed">{t('admin:candidate.noHistory')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="candidate-history">
          {history.map((entry) => (
            <Timeline.Item key={entry.id} title={actionLabel(t, entry.action)}>
              <ChangeSummary entry={entry} />
              <Text size="xs" c="dimmed" mt={2}>
                <time dateTime={String(entry.createdAt)}>{format.dateTime(entry.createdAt)}</time>
                {' · '}
                {entry.actor ? personName(t, entry.actor) : t('admin:system')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}

/** The words for an audit action; an action this version does not know yet reads as its code. */
export function actionLabel(t: TFunction, action: string): string {
  return t(auditActionKey(action), { defaultValue: action });
}

/**
 * The audit log (issue 42): who did what and when, filtered by person, kind of act and days, newest first, fifty at a
 * time, with the same as a CSV in the reader's language. The filters are a GET form, so the page works without its
 * scripts and each view has its address. Only for `audit.read`.
 */
import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSearchParams } from 'react-router';
import type { AuditLogEntry } from '../../../contracts/admin.ts';
import { AUDIT_ACTIONS } from '../../../domain/audit-actions.ts';
import { actionLabel as actionName } from '../../components/admin/candidate-sections.tsx';
import { auditQuery } from '../../../domain/schemas/audit.ts';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import classes from '../../components/admin/list-table.module.css';
import { useFormat } from '../../lib/format.ts';
import { requireStaff } from '../../lib/require-user.ts';
import type { Route } from './+types/audit';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'audit.read');
  const url = new URL(args.request.url);
  const parsed = auditQuery.safeParse(Object.fromEntries(url.searchParams));
  // A filter that is not one (a hand-edited address) shows the whole log rather than an error page.
  const query = parsed.success ? parsed.data : {};
  return { page: await services.auditLog.list(user, query), query };
}

function Filters({ query }: { query: Route.ComponentProps['loaderData']['query'] }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const csv = new URLSearchParams(params);
  csv.delete('before');
  csv.set('lang', i18n.language);
  const options = [
    { value: '', label: t('admin:audit.anyAction') },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(t, action) })).sort((a, b) =>
      a.label.localeCompare(b.label, i18n.language),
    ),
  ];
  return (
    <Form method="get" data-testid="audit-filters" aria-label={t('admin:audit.apply')}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            name="actor"
            label={t('admin:audit.actor')}
            defaultValue={query.actor ?? ''}
            w={{ base: '100%', sm: 260 }}
          />
          <NativeSelect
            name="action"
            label={t('admin:audit.action')}
            data={options}
            defaultValue={query.action ?? ''}
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput type="date" name="from" label={t('admin:audit.from')} defaultValue={query.from ?? ''} />
          <TextInput type="date" name="to" label={t('admin:audit.to')} defaultValue={query.to ?? ''} />
          <Button type="submit">{t('admin:audit.apply')}</Button>
        </Group>
        <Anchor href={`/api/admin/audit.csv?${csv}`} download size="sm" data-testid="audit-csv">
          {t('admin:audit.download')}
        </Anchor>
      </Stack>
    </Form>
  );
}

/** What an entry is about: a candidate's file when it is one, else its kind and number. */
function Subject({ entry }: { entry: AuditLogEntry }) {
  const { t, i18n } = useTranslation();
  const label = `${t(`admin:audit.entities.${entry.entity}`, { defaultValue: entry.entity })} ${entry.entity_id}`;
  if (entry.entity !== 'candidate') return <>{label}</>;
  return (
    <Anchor component={Link} to={`/${i18n.language}/administration/candidates/${entry.entity_id}`}>
      {label}
    </Anchor>
  );
}

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cell = (label: string, content: React.ReactNode, fit: 'keep' | 'wrap' = 'wrap') => (
    <Table.Td role="cell" className={classes.cell} data-fit={fit}>
      <span className={classes.cellLabel} aria-hidden>
        {label}
      </span>
      <div className={classes.value}>{content}</div>
    </Table.Td>
  );
  const changes = JSON.stringify({ before: entry.before ?? undefined, after: entry.after ?? undefined });
  return (
    <Table.Tr role="row" className={classes.row} data-testid="audit-entry" data-action={entry.action}>
      <Table.Th scope="row" role="rowheader" fw={600} className={classes.cell} data-fit="title">
        {actionName(t, entry.action)}
      </Table.Th>
      {cell(
        t('admin:audit.when'),
        <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>,
        'keep',
      )}
      {cell(t('admin:audit.who'), entry.actor ? entry.actor.name : t('admin:audit.system'))}
      {cell(t('admin:audit.what'), <Subject entry={entry} />)}
      {cell(
        t('admin:audit.details'),
        changes === '{}' ? (
          ''
        ) : (
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
            {changes}
          </Text>
        ),
      )}
    </Table.Tr>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, query } = loaderData;
  const [params] = useSearchParams();
  const older = new URLSearchParams(params);
  if (page.next) older.set('before', String(page.next));
  const newest = new URLSearchParams(params);
  newest.delete('before');
  const columns = ['act', 'when', 'who', 'what', 'details'] as const;
  return (
    <AdminPage>
      <AdminHeading title={t('admin:audit.title')} intro={t('admin:audit.intro')} />
      <Filters query={query} />
      {page.entries.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {t('admin:audit.empty')}
        </Text>
      ) : (
        <div className={classes.frame}>
          <Table striped verticalSpacing="sm" role="table" className={classes.table} data-testid="audit-log">
            <Table.Caption className={classes.caption}>{t('admin:audit.caption')}</Table.Caption>
            <Table.Thead role="rowgroup" className={classes.head}>
              <Table.Tr role="row">
                {columns.map((column) => (
                  <Table.Th key={column} scope="col" role="columnheader" className={classes.plainHeader}>
                    {t(`admin:audit.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {page.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Group gap="md">
        {query.before && (
          <Anchor component={Link} to={`?${newest}`}>
            {t('admin:audit.newest')}
          </Anchor>
        )}
        {page.next && (
          <Anchor component={Link} to={`?${older}`} data-testid="audit-older">
            {t('admin:audit.older')}
          </Anchor>
        )}
      </Group>
    </AdminPage>
  );
}

/**
 * The administrators: who can process registrations and homologate, and who is the club's president. A table in a
 * wide box, a card per administrator in a narrow one (the layout of the candidate lists).
 */
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { useFormat } from '../../lib/format.ts';
import { PresidentBadge, personName } from '../../components/admin/labels.tsx';
import type { AdminUser } from '../../components/admin/types.ts';
import type { Route } from './+types/admin-users';
import classes from '../../components/admin/list-table.module.css';
import { requireAdmin } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireAdmin(args);
  const admins: AdminUser[] = await services.accounts.listAdmins();
  return { admins };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { admins } = loaderData;
  const caption = t('admin:adminUsers.caption', { count: admins.length });
  const label = {
    name: t('admin:adminUsers.name'),
    email: t('admin:fields.email'),
    role: t('admin:adminUsers.role'),
    since: t('admin:adminUsers.since'),
  };
  return (
    <AdminPage>
      <AdminHeading title={t('admin:adminUsers.title')} intro={t('admin:adminUsers.intro')} />
      <div className={classes.frame}>
        <Table striped verticalSpacing="sm" role="table" className={classes.table} data-testid="admin-users">
          <Table.Caption className={classes.caption}>{caption}</Table.Caption>
          <Table.Thead role="rowgroup" className={classes.head}>
            <Table.Tr role="row">
              {/* The name heads each card; the other headers show beside their values there. */}
              {(['name', 'email', 'role', 'since'] as const).map((column) => (
                <Table.Th key={column} scope="col" role="columnheader" className={classes.plainHeader}>
                  {label[column]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {admins.map((admin) => (
              <Table.Tr key={admin.id} role="row" className={classes.row} data-testid="admin-user">
                <Table.Th scope="row" role="rowheader" fw={600} className={classes.cell} data-fit="title">
                  {personName(t, { id: admin.id, name: `${admin.prenom} ${admin.nom}` })}
                </Table.Th>
                <Table.Td role="cell" className={classes.cell} data-fit="wrap">
                  <span className={classes.cellLabel} aria-hidden>
                    {label.email}
                  </span>
                  <div className={classes.value}>
                    <Anchor href={`mailto:${admin.email}`}>{admin.email}</Anchor>
                  </div>
                </Table.Td>
                <Table.Td role="cell" className={classes.cell} data-fit="keep">
                  <span className={classes.cellLabel} aria-hidden>
                    {label.role}
                  </span>
                  <div className={classes.value}>
                    {admin.president ? (
                      <PresidentBadge />
                    ) : (
                      <Text size="sm">{t('admin:adminUsers.administrator')}</Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td role="cell" className={classes.cell} data-fit="keep">
                  <span className={classes.cellLabel} aria-hidden>
                    {label.since}
                  </span>
                  <div className={classes.value}>
                    <time dateTime={String(admin.createdAt)}>{format.shortTimestamp(admin.createdAt)}</time>
                  </div>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </AdminPage>
  );
}

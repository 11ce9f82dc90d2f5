/** The administrators: who can process registrations and homologate, and who is the club's president. */
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { useFormat } from '../../lib/format.ts';
import { PresidentBadge, personName } from '../../components/admin/labels.tsx';
import type { AdminUser } from '../../components/admin/types.ts';
import type { Route } from './+types/admin-users';
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
  return (
    <AdminPage>
      <AdminHeading title={t('admin:adminUsers.title')} intro={t('admin:adminUsers.intro')} />
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={caption}>
        <Table striped verticalSpacing="sm" data-testid="admin-users">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin:adminUsers.name')}</Table.Th>
              <Table.Th scope="col">{t('admin:fields.email')}</Table.Th>
              <Table.Th scope="col">{t('admin:adminUsers.role')}</Table.Th>
              <Table.Th scope="col">{t('admin:adminUsers.since')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.map((admin) => (
              <Table.Tr key={admin.id}>
                <Table.Th scope="row" fw={600}>
                  {personName(t, { id: admin.id, name: `${admin.prenom} ${admin.nom}` })}
                </Table.Th>
                <Table.Td>
                  <Anchor href={`mailto:${admin.email}`}>{admin.email}</Anchor>
                </Table.Td>
                <Table.Td>
                  {admin.president ? (
                    <PresidentBadge />
                  ) : (
                    <Text size="sm">{t('admin:adminUsers.administrator')}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <time dateTime={String(admin.createdAt)}>{format.shortTimestamp(admin.createdAt)}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </AdminPage>
  );
}

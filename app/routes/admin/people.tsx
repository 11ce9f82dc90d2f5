/**
 * The people of the back office and their roles (issue 42): who holds which, when they last signed in, and the
 * forms that grant and take roles (a role taken away ends that person's sessions). Each person's roles are a form
 * of checkboxes posted to this page's action, so it works before and without its scripts.
 */
import { Alert, Anchor, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { STAFF_ROLES, type StaffRole } from '../../../domain/roles.ts';
import { staffRolesForm } from '../../../domain/schemas/admin.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { PresidentBadge, personName } from '../../components/admin/labels.tsx';
import type { StaffMember } from '../../components/admin/types.ts';
import { RefusalMessage } from '../../components/forms/posted-reason.tsx';
import { useFormat } from '../../lib/format.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { usePosting, useRefusalFor } from '../../lib/posted-form.ts';
import { requireStaff } from '../../lib/require-user.ts';
import classes from '../../components/admin/list-table.module.css';
import type { Route } from './+types/people';
import { StepUpPrompt } from '../../components/admin/step-up-prompt.tsx';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'people.manage');
  const people: StaffMember[] = await services.accounts.listStaff(user);
  return { people };
}

/** One person's roles (intent `roles`, by id), or a first role for an account found by its address (`grant`). */
export async function action(args: Route.ActionArgs) {
  requireStaff(args, 'people.manage');
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const parsed = parseForm(staffRolesForm, values);
  if ('refusal' in parsed) return parsed.refusal;
  const roles = STAFF_ROLES.filter((role) => values[`role_${role}`] === 'on');
  const { input } = parsed;
  try {
    if (input.intent === 'invite') {
      await actions.inviteStaff({ ...input, roles }, localeOr(args.params.lang));
      return { intent: 'invite', invited: input.email };
    }
    await actions.setStaffRoles(
      input.intent === 'grant' ? { email: input.email } : { id: input.person },
      roles,
    );
  } catch (error) {
    return serviceRefusal(error, values, {
      codeFields: { not_found: 'email', email_taken: 'email' },
      codeMessages: { not_found: 'admin:people.noAccount', last_admin: 'admin:people.lastAdmin' },
    });
  }
  return null;
}

function RoleBoxes({ held, idPrefix }: { held: readonly StaffRole[]; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap">
      {STAFF_ROLES.map((role) => (
        <Checkbox
          key={role}
          id={`${idPrefix}-${role}`}
          name={`role_${role}`}
          label={t(`admin:people.roles.${role}`)}
          defaultChecked={held.includes(role)}
        />
      ))}
    </Group>
  );
}

function PersonRoles({ person }: { person: StaffMember }) {
  const { t } = useTranslation();
  const refusal = useRefusalFor('person', String(person.id));
  const posting = usePosting({ intent: 'roles', person: String(person.id) });
  return (
    <Form
      method="post"
      aria-label={t('admin:people.rolesOf', {
        name: `${person.prenom} ${person.nom}`.trim() || person.email,
      })}
    >
      <input type="hidden" name="intent" value="roles" />
      <input type="hidden" name="person" value={person.id} />
      <Stack gap={6}>
        <RoleBoxes held={person.roles} idPrefix={`person-${person.id}`} />
        <RefusalMessage refusal={refusal} size="sm" />
        <Button type="submit" size="xs" variant="light" loading={posting} w="fit-content">
          {t('admin:people.save')}
        </Button>
      </Stack>
    </Form>
  );
}

function GrantForm() {
  const { t } = useTranslation();
  const refusal = useRefusalFor('intent', 'grant');
  const posting = usePosting({ intent: 'grant' });
  return (
    <Form method="post" aria-labelledby="grant-title" data-testid="grant-form">
      <input type="hidden" name="intent" value="grant" />
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h4" id="grant-title">
          {t('admin:people.grantTitle')}
        </Title>
        <Text size="sm">{t('admin:people.grantIntro')}</Text>
        <TextInput
          name="email"
          type="email"
          label={t('admin:fields.email')}
          required
          defaultValue={refusal?.values.email}
          error={refusal?.fields.email ? t(refusal.fields.email) : undefined}
        />
        <RoleBoxes held={[]} idPrefix="grant" />
        <RefusalMessage refusal={refusal} size="sm" />
        <Button type="submit" loading={posting} w="fit-content">
          {t('admin:people.grant')}
        </Button>
      </Stack>
    </Form>
  );
}

/** A new helper: their name, address and roles; the invitation mails them a link to choose a password. */
function InviteForm() {
  const { t } = useTranslation();
  const refusal = useRefusalFor('intent', 'invite');
  const posting = usePosting({ intent: 'invite' });
  const answer = useActionData() as { intent?: string; invited?: string } | undefined;
  const field = (name: string) => ({
    name,
    label: t(`admin:people.invite.${name}`),
    required: true,
    defaultValue: refusal?.values[name],
    error: refusal?.fields[name] ? t(refusal.fields[name]) : undefined,
  });
  return (
    // A new form once an invitation is sent: the next one starts blank.
    <Form
      method="post"
      aria-labelledby="invite-title"
      data-testid="invite-form"
      key={answer?.invited ?? 'blank'}
    >
      <input type="hidden" name="intent" value="invite" />
      <Stack gap="sm" maw={640} mt="xl">
        <Title order={2} size="h4" id="invite-title">
          {t('admin:people.invite.title')}
        </Title>
        <Text size="sm">{t('admin:people.invite.text')}</Text>
        {answer?.intent === 'invite' && answer.invited && (
          <Alert color="green" role="status" data-testid="invite-sent">
            {t('admin:people.invite.sent', { email: answer.invited })}
          </Alert>
        )}
        <TextInput type="email" {...field('email')} />
        <Group grow align="flex-start">
          <TextInput {...field('prenom')} />
          <TextInput {...field('nom')} />
        </Group>
        <RoleBoxes held={[]} idPrefix="invite" />
        {refusal?.fields.roles && (
          <Text size="sm" c="red" role="alert">
            {t(refusal.fields.roles)}
          </Text>
        )}
        <RefusalMessage refusal={refusal} size="sm" />
        <Button type="submit" loading={posting} w="fit-content">
          {t('admin:people.invite.submit')}
        </Button>
      </Stack>
    </Form>
  );
}

/** One person of the back office: name, address, roles (with their form), last sign-in, second factor. */
function PersonRow({ person, label }: { person: StaffMember; label: Record<string, string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.Tr role="row" className={classes.row} data-testid="admin-user">
      <Table.Th scope="row" role="rowheader" fw={600} className={classes.cell} data-fit="title">
        {personName(t, { id: person.id, name: `${person.prenom} ${person.nom}` })}{' '}
        {person.president && <PresidentBadge />}
      </Table.Th>
      <Table.Td role="cell" className={classes.cell} data-fit="wrap">
        <span className={classes.cellLabel} aria-hidden>
          {label.email}
        </span>
        <div className={classes.value}>
          <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>
        </div>
      </Table.Td>
      <Table.Td role="cell" className={classes.cell} data-fit="wrap">
        <span className={classes.cellLabel} aria-hidden>
          {label.roles}
        </span>
        <div className={classes.value}>
          <PersonRoles person={person} />
        </div>
      </Table.Td>
      <Table.Td role="cell" className={classes.cell} data-fit="keep">
        <span className={classes.cellLabel} aria-hidden>
          {label.lastSignIn}
        </span>
        <div className={classes.value}>
          {person.lastSignInAt ? (
            <time dateTime={person.lastSignInAt}>{format.shortTimestamp(person.lastSignInAt)}</time>
          ) : (
            t('admin:people.never')
          )}
        </div>
      </Table.Td>
      <Table.Td role="cell" className={classes.cell} data-fit="keep">
        <span className={classes.cellLabel} aria-hidden>
          {label.secondFactor}
        </span>
        <div className={classes.value} data-testid="second-factor-state">
          {t(person.second_factor ? 'admin:people.secondFactorOn' : 'admin:people.secondFactorOff')}
        </div>
      </Table.Td>
    </Table.Tr>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { people } = loaderData;
  const label = {
    name: t('admin:people.name'),
    email: t('admin:fields.email'),
    roles: t('admin:people.rolesColumn'),
    lastSignIn: t('admin:people.lastSignIn'),
    secondFactor: t('admin:people.secondFactor'),
  };
  return (
    <AdminPage>
      <AdminHeading title={t('admin:people.title')} intro={t('admin:people.intro')} />
      <StepUpPrompt act="roles" />
      <div className={classes.frame}>
        <Table striped verticalSpacing="sm" role="table" className={classes.table} data-testid="admin-users">
          <Table.Caption className={classes.caption}>
            {t('admin:people.caption', { count: people.length })}
          </Table.Caption>
          <Table.Thead role="rowgroup" className={classes.head}>
            <Table.Tr role="row">
              {(['name', 'email', 'roles', 'lastSignIn', 'secondFactor'] as const).map((column) => (
                <Table.Th key={column} scope="col" role="columnheader" className={classes.plainHeader}>
                  {label[column]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {people.map((person) => (
              <PersonRow key={person.id} person={person} label={label} />
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <GrantForm />
      <InviteForm />
    </AdminPage>
  );
}

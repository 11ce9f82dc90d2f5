/** One rider's palmarès: who they are (as public as the ranking) and every homologated ride with its number. */
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, data } from 'react-router';
import { requestContext } from '#request-context';
import { useLaureateLabels } from '../../components/laureates/labels.ts';
import { useFormat } from '../../lib/format.ts';
import { Seo } from '../../components/seo.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import { diplomaPdfPath } from '../../../domain/diploma.ts';
import { canNow } from '../../../domain/permissions.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import type { Route } from './+types/laureate';

/** Text, a table and links: nothing for a script to do (decision 0041). */
export const handle = WITHOUT_CLIENT;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user } = context.get(requestContext);
  const id = Number(params.laureateId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const palmares = await services.laureates.findPalmares(id);
  if (!palmares) throw data(null, { status: 404 });
  // Administrators download any laureate's diploma from here, the club's earlier records included.
  return { palmares, diplomas: !!user && canNow(user, 'homologations.read') };
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

type Palmares = Route.ComponentProps['loaderData']['palmares'];

/** Every homologated ride with its number, and for administrators the diploma to download. */
function PalmaresRides({
  palmares,
  diplomas,
  name,
}: {
  palmares: Palmares;
  diplomas: boolean;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const labels = useLaureateLabels();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('laureates:palmares.rides')}</Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={t('laureates:palmares.ridesLabel', { name })} data-testid="palmares-rides">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('laureates:columns.numero')}</Table.Th>
              <Table.Th scope="col">{t('laureates:columns.date_passage')}</Table.Th>
              <Table.Th scope="col">{t('laureates:columns.age')}</Table.Th>
              <Table.Th scope="col">{t('laureates:columns.ville')}</Table.Th>
              {diplomas && <Table.Th scope="col">{t('laureates:palmares.diploma')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {palmares.homologations.map((ride) => (
              <Table.Tr key={ride.homologationId}>
                <Table.Th scope="row">
                  {t('laureates:palmares.number', {
                    challenge: labels.challenge(ride.epreuve),
                    numero: format.number(ride.numero),
                  })}
                </Table.Th>
                <Table.Td>{format.displayDate(ride.date_passage)}</Table.Td>
                <Table.Td>{ride.age ?? '-'}</Table.Td>
                <Table.Td>{ride.ville ?? '-'}</Table.Td>
                {diplomas && (
                  <Table.Td>
                    <Anchor href={`${diplomaPdfPath(ride.homologationId)}?lang=${i18n.language}`} download>
                      {t('laureates:palmares.diplomaLink', { numero: ride.numero })}
                    </Anchor>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export default function LaureatePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const labels = useLaureateLabels();
  const { palmares, diplomas } = loaderData;
  const name = `${palmares.prenom} ${palmares.nom}`;
  return (
    <Stack gap="xl">
      <Seo
        title={t('laureates:palmares.meta.title', { name })}
        description={t('laureates:palmares.meta.description', { name })}
      />
      <Anchor component={Link} to={`/${i18n.language}/laureates`} c="club.8" fw={600}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('laureates:palmares.back')}
        </Group>
      </Anchor>
      <Stack gap="xs">
        <Title order={1} data-testid="palmares-name">
          {name}
        </Title>
        <Text size="lg" c="gray.7">
          {t('laureates:palmares.intro')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
        <Fact label={t('laureates:palmares.facts.total')} value={String(palmares.total)} />
        <Fact
          label={t('laureates:palmares.facts.birthYear')}
          value={palmares.birth_year ? String(palmares.birth_year) : '-'}
        />
        <Fact label={t('laureates:palmares.facts.pays')} value={labels.country(palmares.pays)} />
        <Fact
          label={t('laureates:palmares.facts.nationalite')}
          value={labels.country(palmares.nationalite)}
        />
      </SimpleGrid>
      <Group gap="xs">
        {CHALLENGE_IDS.filter((epreuve) => palmares[epreuve] > 0).map((epreuve) => (
          <Badge key={epreuve} size="lg" variant="outline" color="club.8">
            {labels.challenge(epreuve)} × {palmares[epreuve]}
          </Badge>
        ))}
      </Group>
      <PalmaresRides palmares={palmares} diplomas={diplomas} name={name} />
    </Stack>
  );
}

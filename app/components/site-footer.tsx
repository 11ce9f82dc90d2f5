/** The footer: main links, the contact address, the club's social links and the copyright line. */
import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRootData } from '../lib/root-data.ts';

const KNOWN_SOCIAL = ['facebook', 'instagram', 'strava', 'youtube', 'x'];

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const settings = useRootData()?.settings;
  const lang = i18n.language;
  const links = [
    { to: `/${lang}`, label: t('footer.home') },
    { to: `/${lang}/roads`, label: t('footer.roads') },
    { to: `/${lang}/rules`, label: t('footer.rules') },
    { to: `/${lang}/order`, label: t('footer.order') },
    { to: `/${lang}/privacy`, label: t('footer.privacy') },
  ];
  return (
    <Box component="footer" aria-label={t('footer.label')} bg="dark.8" c="gray.2" py="xl" mt="auto">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              {t('footer.links')}
            </Title>
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.2" size="sm">
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              {t('footer.contact')}
            </Title>
            <Text size="sm">{t('footer.contactText')}</Text>
            {settings && (
              <Anchor href={`mailto:${settings.contactEmail}`} c="gray.0" size="sm" fw={600}>
                {settings.contactEmail}
              </Anchor>
            )}
          </Stack>
          {settings && settings.socialLinks.length > 0 && (
            <Stack gap={6}>
              <Title order={2} size="h5" c="white">
                {t('footer.follow')}
              </Title>
              <Group gap="md">
                {settings.socialLinks.map((link) => (
                  <Anchor
                    key={link.url}
                    href={link.url}
                    c="gray.2"
                    size="sm"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {KNOWN_SOCIAL.includes(link.name)
                      ? t(`social.${link.name}`)
                      : t('social.other', { name: link.name })}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          )}
        </SimpleGrid>
        <Text size="xs" c="gray.4" mt="xl" ta="center">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}

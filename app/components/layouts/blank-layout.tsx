/** Layout `blank`: no navigation, for pages that stand alone (the test payment provider's hosted page). */
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/blank-layout';
import { ErrorPage } from '../error-page.tsx';
import { Logo } from '../logo.tsx';

function BlankFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" id="main" mih="100vh" bg="gray.0" py="xl">
      <Container size="sm">
        <Group gap="sm" mb="lg" justify="center">
          <Logo size={32} />
          <Text fw={800}>{t('site.name')}</Text>
        </Group>
        {children}
      </Container>
    </Box>
  );
}

export default function BlankLayout() {
  return (
    <BlankFrame>
      <Outlet />
    </BlankFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BlankFrame>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </BlankFrame>
  );
}

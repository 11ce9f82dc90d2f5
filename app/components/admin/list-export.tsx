/** The CSV export of an admin list as it is filtered and sorted, in the admin's language (decision 0042). */
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { csvExportUrl, type ListQuery } from './list-query.ts';
import type { CandidateListId } from './types.ts';

export function ListExport({ list, query }: { list: CandidateListId; query: ListQuery }) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      component="a"
      href={csvExportUrl(list, query, i18n.language)}
      download
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      data-testid="csv-export"
    >
      {t('admin:table.csv')}
    </Button>
  );
}

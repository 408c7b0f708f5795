import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../lib/EmptyState';
import { PageHeader } from '../../lib/PageHeader';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <EmptyState title={t('dashboard.emptyTitle')} text={t('dashboard.emptyText')} />
    </>
  );
}

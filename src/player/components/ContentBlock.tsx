import { lazy, Suspense } from 'react';
import { Alert, Skeleton } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type Block } from '../api';
import { isApiError } from '../../shared/http';
import { useFormat } from '../hooks/useLang';

const Markdown = lazy(() => import('./Markdown'));

/** A content block (`GET /user/block/{name}`) in the current language, English as fallback. */
export function ContentBlock({ name, emptyText }: { name: string; emptyText?: string }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { data, error, isLoading } = useSWR<Block>(keys.block(name));
  if (isLoading) return <Skeleton variant="rounded" height={96} />;
  if (error) {
    if (isApiError(error) && error.status === 404) return <Alert severity="info">{emptyText ?? t('block.empty')}</Alert>;
    return <Alert severity="warning">{t('block.error')}</Alert>;
  }
  const source = (data?.content[lang] || data?.content.en || '').trim();
  if (!source) return <Alert severity="info">{emptyText ?? t('block.empty')}</Alert>;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={96} />}>
      <Markdown source={source} />
    </Suspense>
  );
}

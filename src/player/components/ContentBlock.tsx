import { lazy, Suspense } from 'react';
import { Alert, Skeleton } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type Block } from '../api';
import { isApiError } from '../../shared/http';
import { useFormat } from '../hooks/useLang';

const Markdown = lazy(() => import('./Markdown'));

/** A content block (`GET /user/block/{name}`) in the current language, English as fallback. */
/** `loadingHeight`: the space held while it loads, about the block's usual height, so what follows does not jump. */
export function ContentBlock({ name, emptyText, loadingHeight = 96 }: { name: string; emptyText?: string; loadingHeight?: number }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { data, error, isLoading } = useSWR<Block>(keys.block(name));
  if (isLoading) return <Skeleton variant="rounded" height={loadingHeight} />;
  if (error) {
    if (isApiError(error) && error.status === 404) return <Alert severity="info">{emptyText ?? t('block.empty')}</Alert>;
    return <Alert severity="warning">{t('block.error')}</Alert>;
  }
  const source = (data?.content[lang] || data?.content.en || '').trim();
  if (!source) return <Alert severity="info">{emptyText ?? t('block.empty')}</Alert>;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={loadingHeight} />}>
      <Markdown source={source} />
    </Suspense>
  );
}

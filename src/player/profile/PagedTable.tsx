import { useState, type ReactNode } from 'react';
import { Alert, CircularProgress, Paper, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, type SxProps, type Theme } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { List } from '../api';

/** Cells of a column hidden on phones; the row shows that value elsewhere there. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

export interface PagedColumn<T> {
  header: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  /** Shown from the `sm` breakpoint up only. */
  wideOnly?: boolean;
  /** The body cells' style. */
  sx?: SxProps<Theme>;
  /** A body cell's style that depends on its row; applied after `sx`. */
  rowSx?: (row: T) => SxProps<Theme>;
}

export interface PagedTableProps<T> {
  /** The SWR key (the GET path) of one page, 1-based. */
  swrKey: (page: number, perPage: number) => string;
  perPage: number;
  columns: readonly PagedColumn<T>[];
  /** The table's data-testid. */
  testId: string;
  emptyText: string;
  emptyTestId?: string;
  rowTestId?: string;
  /** Orders a page's rows before they are shown. */
  order?: (items: T[]) => T[];
  /** Show the pager even when everything fits on one page. */
  alwaysPaginate?: boolean;
  /** A row's React key (default: its `id`). */
  rowKey?: (row: T) => string | number;
}

const asList = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);

function cellSx<T>(column: PagedColumn<T>, row: T): SxProps<Theme> {
  return [column.wideOnly ? WIDE_ONLY : {}, ...asList(column.sx), ...asList(column.rowSx?.(row))];
}

/** A wallet list read a page at a time: loading, error and empty states, rows and the pager. */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { swrKey, perPage, columns, order } = props;
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useSWR<List<T>>(swrKey(page + 1, perPage));
  const rows = data ? (order ? order(data.items) : data.items) : [];

  return (
    <>
      {error && <Alert severity="error">{t('errors.loadFailed')}</Alert>}
      {isLoading && <CircularProgress size={24} />}
      {data && data.items.length === 0 && (
        <Alert severity="info" data-testid={props.emptyTestId}>
          {props.emptyText}
        </Alert>
      )}
      {data && data.items.length > 0 && (
        <Paper sx={{ border: 1, borderColor: 'divider', overflow: 'hidden' }}>
          <Table size="small" data-testid={props.testId} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell key={i} align={c.align} sx={c.wideOnly ? WIDE_ONLY : undefined}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={props.rowKey ? props.rowKey(row) : (row as { id: string | number }).id} data-testid={props.rowTestId}>
                  {columns.map((c, i) => (
                    <TableCell key={i} align={c.align} sx={cellSx(c, row)}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {(props.alwaysPaginate || data.total > perPage) && (
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={[perPage]}
              onPageChange={(_, p) => setPage(p)}
              labelDisplayedRows={({ from, to, count }) => t('paging.rows', { from, to, count })}
            />
          )}
        </Paper>
      )}
    </>
  );
}

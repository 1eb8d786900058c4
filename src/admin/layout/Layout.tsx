import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminAppBar } from './AppBar';
import { AdminMenu } from './Menu';

// react-admin lets the layout grow to its widest content (`min-width: fit-content`), so one long
// value in a list scrolled the whole page sideways, menu and bar included. Here the page keeps the
// window's width and a list too wide for it scrolls inside its own frame.
const FIT_WINDOW = {
  minWidth: 0,
  '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu} sx={FIT_WINDOW}>
      {children}
    </Layout>
  );
}

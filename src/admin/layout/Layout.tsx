import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AdminAppBar } from './AppBar';
import { AdminMenu } from './Menu';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}

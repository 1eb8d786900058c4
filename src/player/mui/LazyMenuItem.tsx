// An option of a Select. Options render only inside the open menu, so MenuItem's code can come
// with the menu (src/player/mui/DeferredMenu) rather than with the page.
import { forwardRef, lazy, Suspense } from 'react';
import type { MenuItemProps } from '@mui/material/MenuItem';

const MenuItem = lazy(() => import('@mui/material/MenuItem'));

export const LazyMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function LazyMenuItem(props, ref) {
  return (
    <Suspense fallback={null}>
      <MenuItem ref={ref} {...props} />
    </Suspense>
  );
});

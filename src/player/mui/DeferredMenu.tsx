// The player build (scripts/mui-on-demand.ts) gives MUI's Select this component in place of its
// Menu: a closed Menu renders nothing, so nothing is rendered (and nothing downloaded) until a
// Select is first opened; then MUI's own Menu (with Popover, Modal, focus trap and transitions)
// is loaded and rendered with the same props. Tests and the dev server use MUI's Menu directly.
import { forwardRef, lazy, Suspense, useState } from 'react';
import type { MenuProps } from '@mui/material/Menu';

const Menu = lazy(() => import('@mui/material/Menu'));

const DeferredMenu = forwardRef<HTMLDivElement, MenuProps>(function DeferredMenu(props, ref) {
  const [used, setUsed] = useState(false);
  const needed = props.open || !!props.keepMounted;
  if (needed && !used) setUsed(true);
  if (!needed && !used) return null;
  return (
    <Suspense fallback={null}>
      <Menu ref={ref} {...props} />
    </Suspense>
  );
});

export default DeferredMenu;

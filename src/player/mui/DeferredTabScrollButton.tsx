// The player build (scripts/mui-on-demand.ts) gives MUI's Tabs this component in place of its
// TabScrollButton, which only scrollable tabs with scroll buttons render (the player's tabs are
// full width): loaded should one be rendered. Tests and the dev server use MUI's directly.
import { forwardRef, lazy, Suspense } from 'react';
import type { TabScrollButtonProps } from '@mui/material/TabScrollButton';

const TabScrollButton = lazy(() => import('@mui/material/TabScrollButton'));

const DeferredTabScrollButton = forwardRef<HTMLButtonElement, TabScrollButtonProps>(function DeferredTabScrollButton(props, ref) {
  return (
    <Suspense fallback={null}>
      <TabScrollButton ref={ref} {...props} />
    </Suspense>
  );
});

export default DeferredTabScrollButton;

// The player build (scripts/mui-on-demand.ts) gives MUI's Tabs this component in place of its
// TabScrollButton, which only scrollable tabs with scroll buttons render (the player's tabs are
// full width): loaded should one be rendered. Tests and the dev server use MUI's directly.
import { forwardRef, lazy, Suspense } from 'react';
import type { TabScrollButtonProps } from '@mui/material/TabScrollButton';

const TabScrollButton = lazy(() => import('@mui/material/TabScrollButton'));

const DeferredTabScrollButton = forwardRef<HTMLButtonElement, TabScrollButtonProps>(function DeferredTabScrollButton(props, ref) {
  return (
    // Holds the button's 40 px while its code loads, so the tabs do not jump sideways.
    <Suspense fallback={<div aria-hidden style={props.orientation === 'vertical' ? { height: 40, flexShrink: 0 } : { width: 40, flexShrink: 0 }} />}>
      <TabScrollButton ref={ref} {...props} />
    </Suspense>
  );
});

export default DeferredTabScrollButton;

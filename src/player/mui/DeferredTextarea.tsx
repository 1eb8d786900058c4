// The player build (scripts/mui-on-demand.ts) gives MUI's InputBase this component in place of
// TextareaAutosize, which only multiline fields render: the player has none, so it is not
// downloaded with the page. Should one be rendered, it is loaded then (showing nothing for that
// moment). Tests and the dev server use MUI's TextareaAutosize directly.
import { forwardRef, lazy, Suspense } from 'react';
import type { TextareaAutosizeProps } from '@mui/material/TextareaAutosize';

const TextareaAutosize = lazy(() => import('@mui/material/TextareaAutosize'));

const DeferredTextarea = forwardRef<HTMLTextAreaElement, TextareaAutosizeProps>(function DeferredTextarea(props, ref) {
  return (
    <Suspense fallback={null}>
      <TextareaAutosize ref={ref} {...props} />
    </Suspense>
  );
});

export default DeferredTextarea;

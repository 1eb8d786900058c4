// The player build (scripts/mui-on-demand.ts) gives MUI's Select and TextField this component in
// place of their FilledInput: the player's fields are all outlined, so the FilledInput variant is never
// rendered and need not be downloaded with the page. Should one be rendered, it is loaded then
// (showing nothing for that moment). Tests and the dev server use MUI's FilledInput directly.
import { forwardRef, lazy, Suspense } from 'react';
import type { FilledInputProps } from '@mui/material/FilledInput';

const FilledInput = lazy(() => import('@mui/material/FilledInput'));

const DeferredFilledInput = forwardRef<HTMLDivElement, FilledInputProps>(function DeferredFilledInput(props, ref) {
  return (
    <Suspense fallback={null}>
      <FilledInput ref={ref} {...props} />
    </Suspense>
  );
});

// FormControl and Select recognise their input by this name, as they do MUI's own.
export default Object.assign(DeferredFilledInput, { muiName: 'Input' });

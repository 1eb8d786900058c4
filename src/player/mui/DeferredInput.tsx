// The player build (scripts/mui-on-demand.ts) gives MUI's Select and TextField this component in
// place of their Input: the player's fields are all outlined, so the Input variant is never
// rendered and need not be downloaded with the page. Should one be rendered, it is loaded then
// (showing nothing for that moment). Tests and the dev server use MUI's Input directly.
import { forwardRef, lazy, Suspense } from 'react';
import type { InputProps } from '@mui/material/Input';

const Input = lazy(() => import('@mui/material/Input'));

const DeferredInput = forwardRef<HTMLDivElement, InputProps>(function DeferredInput(props, ref) {
  return (
    <Suspense fallback={null}>
      <Input ref={ref} {...props} />
    </Suspense>
  );
});

// FormControl and Select recognise their input by this name, as they do MUI's own.
export default Object.assign(DeferredInput, { muiName: 'Input' });

// The player build (scripts/mui-on-demand.ts) gives MUI's ButtonBase this component in place of
// its TouchRipple (the ink of a pressed button, its keyframes and transition group). ButtonBase
// mounts the ripple only at a first press or keyboard focus anyway; this loads its code then, and
// replays in order the calls made while it loads, so the first ripple is drawn as well, a moment
// later. The lobby's first chunk is on a budget (docs/delivery.md). Tests and the dev server use
// MUI's directly.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ComponentType, type RefAttributes } from 'react';
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';

type Ripple = ComponentType<TouchRippleProps & RefAttributes<TouchRippleActions>>;
type Call = { [K in keyof TouchRippleActions]: [K, Parameters<TouchRippleActions[K]>] }[keyof TouchRippleActions];

let real: Ripple | null = null;
let loading: Promise<Ripple> | null = null;
const load = () => (loading ??= import('@mui/material/ButtonBase/TouchRipple').then((m) => (real = m.default as Ripple)));

const DeferredTouchRipple = forwardRef<TouchRippleActions, TouchRippleProps>(function DeferredTouchRipple(props, ref) {
  const [Real, setReal] = useState<Ripple | null>(() => real);
  const actions = useRef<TouchRippleActions>(null);
  const queue = useRef<Call[]>([]);
  useEffect(() => {
    if (!Real) void load().then((c) => setReal(() => c));
  }, [Real]);
  useEffect(() => {
    const a = actions.current;
    if (!a) return;
    for (const [name, args] of queue.current.splice(0)) (a[name] as (...x: typeof args) => void)(...args);
  }, [Real]);
  useImperativeHandle(
    ref,
    () => ({
      start: (...args) => (actions.current ? actions.current.start(...args) : void queue.current.push(['start', args])),
      stop: (...args) => (actions.current ? actions.current.stop(...args) : void queue.current.push(['stop', args])),
      pulsate: (...args) => (actions.current ? actions.current.pulsate(...args) : void queue.current.push(['pulsate', args])),
    }),
    [],
  );
  return Real ? <Real ref={actions} {...props} /> : null;
});

export default DeferredTouchRipple;

// The player build (scripts/mui-on-demand.ts) gives `Tooltip` from '@mui/material' this component:
// the child is rendered as it is, and MUI's Tooltip (with its Popper and @popperjs/core) is
// downloaded when the child is first hovered, touched or focused. It then wraps the child (a new
// element: the focus is given back to it, and a pointer still over it opens the tooltip as MUI's
// would). Tests and the dev server use MUI's Tooltip directly.
import { cloneElement, forwardRef, useEffect, useRef, useState, type ComponentType, type ReactElement, type SyntheticEvent } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

type Handler = ((e: SyntheticEvent) => void) | undefined;
type ChildProps = { onMouseOver?: Handler; onFocus?: Handler; onTouchStart?: Handler };

let loaded: ComponentType<TooltipProps> | null = null;

const DeferredTooltip = forwardRef<HTMLElement, TooltipProps>(function DeferredTooltip({ children, ...props }, ref) {
  const [Tip, setTip] = useState<ComponentType<TooltipProps> | null>(() => loaded);
  const node = useRef<HTMLElement | null>(null);
  const wake = useRef<'hover' | 'focus' | null>(null);

  useEffect(() => {
    const el = node.current;
    const how = wake.current;
    if (!Tip || !el || !how) return;
    wake.current = null;
    if (how === 'focus') el.focus();
    else if (el.matches(':hover')) el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }, [Tip]);

  const child = children as ReactElement<ChildProps>;
  const setNode = (el: HTMLElement | null) => {
    node.current = el;
  };
  if (Tip)
    return (
      <Tip ref={ref} {...props}>
        {cloneElement(child, { ref: setNode } as ChildProps)}
      </Tip>
    );

  const load = (how: 'hover' | 'focus', own: Handler) => (e: SyntheticEvent) => {
    own?.(e);
    wake.current ??= how;
    void import('@mui/material/Tooltip').then((m) => {
      loaded = m.default;
      // The child is about to be replaced: if it has the focus now (clicked, tabbed to), the new
      // one gets it back, so keyboard use (Escape in a menu, Tab order) goes on from there.
      if (node.current && node.current === document.activeElement) wake.current = 'focus';
      setTip(() => m.default);
    });
  };
  return cloneElement(child, {
    ref: setNode,
    onMouseOver: load('hover', child.props.onMouseOver),
    onFocus: load('focus', child.props.onFocus),
    onTouchStart: load('hover', child.props.onTouchStart),
  } as ChildProps);
});

export default DeferredTooltip;

// The rows of a list drawn from a deferred copy of the list's state (issue 32). The list's answer
// reaches react-admin through react-query, whose updates React cannot slice: every row of the page
// was rendered in one task, about 400 ms on a phone. With the copy, that task renders the list's
// frame (toolbar, pagination) and React renders the rows after it in slices of a few milliseconds.
import { useDeferredValue, type ReactNode } from 'react';
import { ListContextProvider, useListContext } from 'react-admin';

export function DeferredRows({ children }: { children: ReactNode }) {
  const list = useListContext();
  const deferred = useDeferredValue(list);
  return <ListContextProvider value={deferred}>{children}</ListContextProvider>;
}

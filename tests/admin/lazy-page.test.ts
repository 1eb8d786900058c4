// lazyPage (src/admin/common/lazyPage.ts): a page is loaded when first drawn, except the page the
// browser opened on, which is asked for at start (issue 32).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../src/admin/common/lazyPage';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('lazyPage', () => {
  it('asks for the page at once when the browser opened on its path or below it', () => {
    window.history.replaceState(null, '', '/admin/withdraw/7/show?x=1');
    const load = vi.fn(() => Promise.resolve({ Page: () => null }));
    lazyPage(load, 'Page', '/admin/withdraw');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the first draw elsewhere, and without a path', () => {
    window.history.replaceState(null, '', '/admin/withdrawals-report');
    const load = vi.fn(() => Promise.resolve({ Page: () => null }));
    lazyPage(load, 'Page', '/admin/withdraw');
    lazyPage(load, 'Page');
    expect(load).not.toHaveBeenCalled();
  });
});

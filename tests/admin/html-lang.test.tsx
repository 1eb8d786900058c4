// The back office speaks its language from the start (issue 16): <html lang> is set from the
// detected language when the app starts, not only when it is changed, and /admin keeps the query
// (?lng=mn) on its way to the first page.
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../src/admin/i18n';
import { AdminIndex } from '../../src/admin/Root';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

describe('language of the back office', () => {
  it('/admin keeps the query on its way to the user list', () => {
    render(
      <MemoryRouter initialEntries={['/admin?lng=mn']}>
        <Routes>
          <Route path="/admin" element={<AdminIndex />} />
          <Route path="/admin/user" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/admin/user?lng=mn');
  });

  it('sets <html lang> from the language it starts in', async () => {
    document.documentElement.lang = 'en';
    const provider = await createI18nProvider('mn');
    expect(document.documentElement.lang).toBe('mn');
    await provider.changeLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

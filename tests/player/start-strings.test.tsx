// The lobby's first chunk carries only some of the player's English strings (START_SECTIONS, the
// rest comes with the first other part: src/player/components/playerStrings.ts). Drawn with those
// alone, the lobby and the room's bar must not show a key where a string belongs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createMockServer } from '../../mocks/node';
import { Providers, Shell } from '../../src/player/App';
import { englishStart, START_SECTIONS } from '../../src/player/components/playerStrings';
import { createI18n } from '../../src/shared/i18n';
import common from '../../locales/en/common.json';
import player from '../../locales/en/player.json';
import { makeSocket, testSwrConfig } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  state.maintenance = { enabled: false, message: '' };
});
afterAll(() => server.close());

/** "tournament.title", "lobby.x"...: a key of either namespace, as i18next shows a missing one. */
const keyLike = new RegExp(`\\b(${[...Object.keys(player), ...Object.keys(common)].join('|')})\\.[A-Za-z]`);

function shown(): string[] {
  const out = [document.body.textContent ?? ''];
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const a of ['aria-label', 'title', 'placeholder']) out.push(el.getAttribute(a) ?? '');
  return out.filter((s) => keyLike.test(s));
}

async function drawLobby(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  const i18n = createI18n({ resources: { en: { common, player: englishStart } }, lng: 'en', detect: false, defaultNS: 'player' });
  const missing: string[] = [];
  i18n.options.saveMissing = true;
  i18n.on('missingKey', (_lngs, ns, key) => missing.push(`${ns}:${key}`));
  render(
    <Providers i18n={i18n} socket={makeSocket()} swr={testSwrConfig()}>
      <MemoryRouter initialEntries={['/']}>
        <Shell />
      </MemoryRouter>
    </Providers>,
  );
  await screen.findByTestId('lobby', undefined, { timeout: 3000 });
  // The list (a table on a desktop, cards on a phone) with its rows, and the chat beside or under it.
  await waitFor(() => expect(document.querySelector('[data-testid^="play-"]')).not.toBeNull(), { timeout: 3000 });
  return missing;
}

describe("the lobby with the first chunk's strings only", () => {
  it('carries fewer than all of the English player strings', () => {
    expect(Object.keys(englishStart).sort()).toEqual([...START_SECTIONS].sort());
    expect(START_SECTIONS.length).toBeLessThan(Object.keys(player).length);
  });

  it.each([
    ['a guest on a desktop', null, 1280],
    ['a signed-in player on a phone, during maintenance', 'mock-token-1', 390],
  ])('shows no key for %s', async (_who, token, width) => {
    if (token) localStorage.setItem('accessToken', token);
    if (width < 600) state.maintenance = { enabled: true, message: '' };
    const missing = await drawLobby(width);
    if (token) await screen.findByTestId('topbar-balance');
    if (width < 600) expect((await screen.findByTestId('maintenance-banner')).textContent).toContain('Maintenance');
    expect(missing).toEqual([]);
    expect(shown()).toEqual([]);
  });
});

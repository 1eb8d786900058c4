// Avatars (docs/table.md, Avatars): the seat shows the chosen picture, else the initials; the
// profile's picker is a keyboard-operable radio group named from the locales that saves through
// PATCH /me and says so.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { AVATAR_IDS } from '../../src/shared/avatars';
import { Avatar } from '../../src/player/components/Avatar';
import { renderPlayer } from './helpers';

// user-event walks a radio group with CSS.escape, which jsdom does not have.
const css = ((globalThis as { CSS?: { escape?: (s: string) => string } }).CSS ??= {});
css.escape ??= (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`);

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the seat avatar', () => {
  it('shows the initials without an id (or with one outside the set), and the pictogram with one', () => {
    const { container, rerender } = render(<Avatar name="Bat Erdene" size={54} />);
    expect(container.textContent).toBe('BE');
    expect(container.querySelector('[data-avatar="initials"]')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();

    rerender(<Avatar name="Bat Erdene" size={54} avatar={null} />);
    expect(container.textContent).toBe('BE');

    rerender(<Avatar name="Bat Erdene" size={54} avatar="dragon" />);
    expect(container.textContent).toBe('BE');
    expect(container.querySelector('svg')).toBeNull();

    rerender(<Avatar name="Bat Erdene" size={54} avatar="horse" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('data-avatar')).toBe('horse');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('54');
    expect(container.textContent).toBe('');
    expect(container.querySelector('[data-avatar="initials"]')).toBeNull();
  });

  it('draws every avatar of the set, each on its own disc', () => {
    const discs = new Set<string>();
    for (const id of AVATAR_IDS) {
      const { container, unmount } = render(<Avatar name="x" size={40} avatar={id} />);
      const svg = container.querySelector(`svg[data-avatar="${id}"]`)!;
      expect(svg, id).toBeTruthy();
      expect(svg.querySelectorAll('path, circle, ellipse, rect, line').length, id).toBeGreaterThan(2);
      discs.add(svg.querySelector('circle')!.getAttribute('fill')!);
      unmount();
    }
    expect(discs.size).toBe(AVATAR_IDS.length);
  });
});

describe('the profile avatar picker', () => {
  it('saves the chosen avatar through PATCH /me with a success message, then the initials again', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].me = { ...state.users[0].me, avatar: null };
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    const picker = await screen.findByTestId('avatar-picker');
    const group = within(picker).getByRole('radiogroup', { name: 'Avatar' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(AVATAR_IDS.length + 1);
    expect((within(group).getByRole('radio', { name: 'Initials' }) as HTMLInputElement).checked).toBe(true);
    const save = within(picker).getByRole('button', { name: 'Save avatar' });
    expect((save as HTMLButtonElement).disabled).toBe(true); // nothing chosen yet

    await user.click(within(group).getByRole('radio', { name: 'Snow leopard' }));
    expect((within(group).getByRole('radio', { name: 'Snow leopard' }) as HTMLInputElement).checked).toBe(true);
    await user.click(save);
    expect(await screen.findByText('Avatar saved')).toBeTruthy();
    expect(state.users[0].me.avatar).toBe('leopard');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true)); // saved: /me says leopard now

    await user.click(within(group).getByRole('radio', { name: 'Initials' }));
    await user.click(save);
    await waitFor(() => expect(state.users[0].me.avatar).toBeNull());
  });

  it('is operated from the keyboard: Tab into the group, arrows move, Enter on the button saves', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].me = { ...state.users[0].me, avatar: 'horse' };
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    const picker = await screen.findByTestId('avatar-picker');
    const horse = within(picker).getByRole('radio', { name: 'Horse' }) as HTMLInputElement;
    await waitFor(() => expect(horse.checked).toBe(true));
    horse.focus();
    await user.keyboard('{ArrowRight}');
    const eagle = within(picker).getByRole('radio', { name: 'Eagle' }) as HTMLInputElement;
    expect(eagle.checked).toBe(true);
    expect(document.activeElement).toBe(eagle);
    await user.tab();
    expect(document.activeElement).toBe(within(picker).getByRole('button', { name: 'Save avatar' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(state.users[0].me.avatar).toBe('eagle'));
  });

  it('names the choices in Mongolian', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/profile?tab=account', lng: 'mn' });
    const picker = await screen.findByTestId('avatar-picker');
    expect(within(picker).getByRole('radiogroup', { name: 'Аватар' })).toBeTruthy();
    for (const name of ['Морь', 'Ирвэс', 'Сарлаг', 'Нэрийн эхний үсэг']) expect(within(picker).getByRole('radio', { name })).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Аватар хадгалах' })).toBeTruthy();
  });
});

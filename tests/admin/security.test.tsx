// The back office's security page (user menu → Security): two-step sign-in on and off.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAdminHandlers } from '../../mocks/admin-handlers';
import { createAdminState } from '../../mocks/admin-state';
import { twoFactorHandlers, twoFactorMock, type TwoFactorMock } from '../../mocks/two-factor';
import { mswServer, renderAdmin } from './helpers';

const server = mswServer();
let tf: TwoFactorMock;

function use(over: Partial<TwoFactorMock> = {}) {
  tf = twoFactorMock(over);
  server.resetHandlers(...createAdminHandlers(createAdminState()), ...twoFactorHandlers(tf));
}

const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

describe('security page', () => {
  it('is reachable from the user menu', async () => {
    use();
    await renderAdmin('/admin/user');
    await screen.findByText('saraa');
    fireEvent.click(screen.getByRole('button', { name: /profile|boss/i }));
    fireEvent.click(await screen.findByTestId('menu-security'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/security'));
    expect(await screen.findByTestId('totp-off')).toBeTruthy();
  });

  it('turns two-step sign-in on: password, QR code and key, a code, then the recovery codes once', async () => {
    use();
    await renderAdmin('/admin/security');
    await screen.findByTestId('totp-start-form');
    type('password', 'wrongpass1');
    fireEvent.click(screen.getByTestId('totp-start'));
    expect((await screen.findByTestId('security-error')).textContent).toBe('The password is wrong.');
    type('password', 'admin1234');
    fireEvent.click(screen.getByTestId('totp-start'));
    const qr = (await screen.findByTestId('totp-qr', undefined, { timeout: 10_000 })) as HTMLImageElement;
    expect(qr.alt).toBe('QR code for your authenticator app');
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    type('code', '000000');
    fireEvent.click(screen.getByTestId('totp-confirm'));
    expect((await screen.findByTestId('security-error')).textContent).toContain('The code is wrong');
    type('code', '123456');
    fireEvent.click(screen.getByTestId('totp-confirm'));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(codes.textContent).toContain('abcde-fgh00');
    fireEvent.click(screen.getByTestId('codes-saved'));
    expect((await screen.findByTestId('totp-on')).textContent).toContain('Recovery codes left: 10');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(tf.requests.map((r) => r.route)).toEqual(['setup', 'setup', 'enable', 'enable']);
  });

  it('turns it off with the password and a code, in Mongolian', async () => {
    use({ enabled: true, codesLeft: 7 });
    await renderAdmin('/admin/security', { lang: 'mn' });
    expect((await screen.findByTestId('totp-on')).textContent).toContain('Үлдсэн сэргээх код: 7');
    type('password', 'admin1234');
    type('code', '999999');
    fireEvent.click(screen.getByTestId('totp-disable'));
    expect((await screen.findByTestId('security-error')).textContent).toContain('Код буруу');
    type('code', '123456');
    fireEvent.click(screen.getByTestId('totp-disable'));
    expect(await screen.findByTestId('totp-off')).toBeTruthy();
    expect(tf.enabled).toBe(false);
    // A wrong password or code on this page never signs the administrator out.
    expect(screen.queryByTestId('admin-gate')).toBeNull();
  });

  it('makes new recovery codes with the factor left on, shown once', async () => {
    use({ enabled: true, codesLeft: 2 });
    await renderAdmin('/admin/security');
    expect((await screen.findByTestId('totp-on')).textContent).toContain('Recovery codes left: 2');
    type('password', 'admin1234');
    type('code', '999999');
    fireEvent.click(screen.getByTestId('totp-renew-codes'));
    expect((await screen.findByTestId('security-error')).textContent).toContain('The code is wrong');
    type('code', '123456');
    fireEvent.click(screen.getByTestId('totp-renew-codes'));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(codes.textContent).toContain('newcd-xyz00');
    fireEvent.click(screen.getByTestId('codes-saved'));
    expect((await screen.findByTestId('totp-on')).textContent).toContain('Recovery codes left: 10');
    expect(tf.enabled).toBe(true);
    expect(tf.requests.map((r) => r.route)).toEqual(['renew', 'renew']);
  });
});

// msw handlers of the caller's second factor (GET /user/2fa, setup, enable, disable, new recovery codes), with the
// state the server would keep: the back office's security page runs on them.
import { http, type HttpHandler } from 'msw';
import { errorResponse as err, path, reply } from './respond';

export interface TwoFactorMock {
  enabled: boolean;
  codesLeft: number;
  password: string;
  /** The one code the mock accepts (the "authenticator app"). */
  code: string;
  /** Every call with its body, in order. */
  requests: { route: string; body: unknown }[];
}

export function twoFactorMock(over: Partial<TwoFactorMock> = {}): TwoFactorMock {
  return { enabled: false, codesLeft: 0, password: 'admin1234', code: '123456', requests: [], ...over };
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export function twoFactorHandlers(tf: TwoFactorMock): HttpHandler[] {
  const body = async (route: string, request: Request) => {
    const b = (await request.json()) as Record<string, string>;
    tf.requests.push({ route, body: b });
    return b;
  };
  return [
    http.get(path('twoFactor'), () => reply('twoFactor', { available: true, enabled: tf.enabled, recoveryCodesLeft: tf.enabled ? tf.codesLeft : 0 })),
    http.post(path('twoFactorSetup'), async ({ request }) => {
      const b = await body('setup', request);
      if (b.password !== tf.password) return err(403, 'WRONG_PASSWORD', 'The password is wrong');
      if (tf.enabled) return err(409, 'OTP_ALREADY_ENABLED', 'Already on');
      return reply('twoFactorSetup', { secret: SECRET, uri: `otpauth://totp/Mongol%20Poker:boss?secret=${SECRET}&issuer=Mongol%20Poker` });
    }),
    http.post(path('twoFactorEnable'), async ({ request }) => {
      const b = await body('enable', request);
      if (b.code !== tf.code) return err(403, 'OTP_INVALID', 'This code is wrong');
      tf.enabled = true;
      tf.codesLeft = 10;
      return reply('twoFactorEnable', { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`) });
    }),
    http.post(path('twoFactorRecoveryCodes'), async ({ request }) => {
      const b = await body('renew', request);
      if (b.password !== tf.password) return err(403, 'WRONG_PASSWORD', 'The password is wrong');
      if (!tf.enabled) return err(409, 'OTP_NOT_ENABLED', 'The second factor is not on');
      if (b.code !== tf.code) return err(403, 'OTP_INVALID', 'This code is wrong');
      tf.codesLeft = 10;
      return reply('twoFactorRecoveryCodes', { recoveryCodes: Array.from({ length: 10 }, (_, i) => `newcd-xyz${String(i).padStart(2, '0')}`) });
    }),
    http.post(path('twoFactorDisable'), async ({ request }) => {
      const b = await body('disable', request);
      if (b.password !== tf.password) return err(403, 'WRONG_PASSWORD', 'The password is wrong');
      if (b.code !== tf.code) return err(403, 'OTP_INVALID', 'This code is wrong');
      tf.enabled = false;
      return reply('twoFactorDisable', { ok: true });
    }),
  ];
}

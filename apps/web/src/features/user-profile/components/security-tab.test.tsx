import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, TEST_USER } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Parapet:ada?secret=JBSWY3DPEHPK3PXP',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('security tab', () => {
  it('turns two-factor on: QR code and secret, a wrong code refused, the right one accepted', async () => {
    let codes = 0;
    const { sent } = renderApp('/user/security', {
      'GET /api/user': () => json(200, TEST_USER),
      'POST /api/user/otp/setup': () => json(200, SETUP),
      'POST /api/user/otp/enable': () =>
        ++codes === 1
          ? json(400, { code: 'OTP_INVALID', message: 'x' })
          : json(200, { ...TEST_USER, otpEnabled: true }),
    });
    const toggle = await screen.findByTestId('otp-switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId<HTMLButtonElement>('otp-reset-request').disabled).toBe(true);

    fireEvent.click(toggle);
    const qr = await screen.findByTestId('otp-qr');
    expect(qr.getAttribute('src')).toBe(SETUP.qrDataUrl);
    expect(screen.getByTestId('otp-secret').textContent).toBe(SETUP.secret);

    fireEvent.change(screen.getByTestId('otp-enable-code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('otp-enable-submit'));
    expect(await screen.findByText('The one-time password is incorrect.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('otp-enable-code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('otp-enable-submit'));
    await screen.findByTestId('otp-enabled');
    expect(sent('POST', '/api/user/otp/enable').map((c) => c.body)).toEqual([{ token: '111111' }, { token: '222222' }]);
    await waitFor(() => expect(screen.queryByTestId('otp-qr')).toBeNull());
    expect(screen.getByTestId('otp-switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('otp-status').textContent).toBe('On');
    expect(screen.getByTestId<HTMLButtonElement>('otp-reset-request').disabled).toBe(false);
  });

  it('turns two-factor off after confirming with the password and a code', async () => {
    const { sent } = renderApp('/user/security', {
      'GET /api/user': () => json(200, { ...TEST_USER, otpEnabled: true }),
      'POST /api/user/otp/disable': () => json(200, TEST_USER),
    });
    fireEvent.click(await screen.findByTestId('otp-switch'));
    expect(await screen.findByText('Are you sure want to proceed?')).toBeTruthy();
    fireEvent.change(screen.getByTestId('otp-disable-password'), { target: { value: 'correct-horse' } });
    fireEvent.change(screen.getByTestId('otp-disable-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-disable-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-switch').getAttribute('aria-checked')).toBe('false'));
    expect(sent('POST', '/api/user/otp/disable')[0]?.body).toEqual({ password: 'correct-horse', token: '123456' });
  });
});

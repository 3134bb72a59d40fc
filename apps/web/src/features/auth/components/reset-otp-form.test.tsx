import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Parapet:ada?secret=JBSWY3DPEHPK3PXP',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('reset one-time password', () => {
  it('shows the new QR code and secret before going back to sign in', async () => {
    const { router, sent } = renderApp('/reset-OTP/tok9', {
      'GET /api/user/validate-resetOTP-token': () => json(200, { username: 'ada', otpRequired: true }),
      'POST /api/user/resetuserdata': () => json(200, SETUP),
    });
    await screen.findByTestId('reset-account');
    expect(screen.getByTestId<HTMLInputElement>('reset-token').value).toBe('tok9');
    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByTestId('reset-repeat'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByTestId('reset-submit'));

    await screen.findByTestId('reset-success');
    expect(screen.getByTestId('otp-qr').getAttribute('src')).toBe(SETUP.qrDataUrl);
    expect(screen.getByTestId('otp-secret').textContent).toBe(SETUP.secret);
    expect(sent('POST', '/api/user/resetuserdata')[0]?.body).toEqual({ token: 'tok9', password: 'new-password-1' });
    expect(router.state.location.pathname).toBe('/reset-OTP/tok9');

    fireEvent.click(screen.getByTestId('reset-otp-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

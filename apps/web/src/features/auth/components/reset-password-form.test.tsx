import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('reset password', () => {
  it('fills the token from the link, asks for the one-time password when the token says so, and resets', async () => {
    const { router, sent } = renderApp('/reset-password/tok123', {
      'GET /api/user/validate-resetpassword-token': () => json(200, { username: 'ada', otpRequired: true }),
      'POST /api/user/validate-resetpassword-token': () => json(200, { ok: true }),
    });
    await screen.findByTestId('reset-password-page');
    expect(input('reset-token').value).toBe('tok123');
    await screen.findByTestId('reset-otp-token');
    expect(screen.getByTestId('reset-account').textContent).toContain('ada');
    expect(sent('GET', '/api/user/validate-resetpassword-token')[0]?.query.get('token')).toBe('tok123');

    fireEvent.change(input('reset-password'), { target: { value: 'new-password-1' } });
    fireEvent.change(input('reset-repeat'), { target: { value: 'new-password-1' } });
    fireEvent.change(input('reset-otp-token'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('reset-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [post] = sent('POST', '/api/user/validate-resetpassword-token');
    expect(post?.query.get('token')).toBe('tok123');
    expect(post?.body).toEqual({ username: 'ada', password: 'new-password-1', otpToken: '654321' });
    expect((await screen.findByTestId('reset-success')).textContent).toContain('Your password has been reset.');
  });

  it('checks a hand-typed token at submit and shows an invalid one', async () => {
    const { sent } = renderApp('/reset-password', {
      'GET /api/user/validate-resetpassword-token': () => json(400, { code: 'TOKEN_INVALID', message: 'x' }),
    });
    await screen.findByTestId('reset-password-page');
    expect(screen.queryByTestId('reset-otp-token')).toBeNull();
    fireEvent.change(input('reset-password'), { target: { value: 'new-password-1' } });
    fireEvent.change(input('reset-repeat'), { target: { value: 'new-password-1' } });
    fireEvent.change(input('reset-token'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-token-invalid')).textContent).toContain(
      'This security token is invalid or has expired.',
    );
    expect(sent('GET', '/api/user/validate-resetpassword-token')[0]?.query.get('token')).toBe('typed');
    expect(sent('POST', '/api/user/validate-resetpassword-token')).toHaveLength(0);
  });
});

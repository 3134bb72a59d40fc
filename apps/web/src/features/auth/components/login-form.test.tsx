import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json, renderApp, TEST_USER } from '@/test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login', () => {
  it('shows the failed sign-in message of spec §8 in Traditional Chinese and stays on /login', async () => {
    await changeLocale('zh-TW');
    const { router, sent } = renderApp('/login', {
      'POST /api/user/login': () =>
        json(401, { code: 'LOGIN_FAILED', message: 'Incorrect username or password, please try again later' }),
    });
    await screen.findByTestId('login-page');
    fillAndSubmit('ada', 'wrong-password');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('使用者名稱或密碼錯誤，請稍後再試');
    expect(router.state.location.pathname).toBe('/login');
    expect(sent('POST', '/api/user/login')[0]?.body).toEqual({ username: 'ada', password: 'wrong-password' });
  });

  it('offers the confirmation mail again for an unconfirmed email', async () => {
    const { sent } = renderApp('/login', {
      'POST /api/user/login': () => json(403, { code: 'EMAIL_UNCONFIRMED', message: 'Please confirm' }),
      'POST /api/user/resend-confirmation': () => json(200, { ok: true }),
    });
    await screen.findByTestId('login-page');
    fillAndSubmit('ada', 'correct-horse');
    expect((await screen.findByTestId('login-error')).textContent).toContain(
      'Please confirm your email address first.',
    );
    fireEvent.click(screen.getByTestId('login-resend-confirmation'));
    expect((await screen.findByTestId('resend-sent')).textContent).toContain(
      'The confirmation mail has been sent again.',
    );
    expect(sent('POST', '/api/user/resend-confirmation')[0]?.body).toEqual({
      username: 'ada',
      password: 'correct-horse',
    });
  });

  it('signs in with a one-time password and goes home with the answered user', async () => {
    const { router, sent } = renderApp('/login', { 'POST /api/user/login': () => json(200, TEST_USER) });
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByTestId('login-token'), { target: { value: '123456' } });
    fillAndSubmit('ada', 'correct-horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(sent('POST', '/api/user/login')[0]?.body).toEqual({
      username: 'ada',
      password: 'correct-horse',
      token: '123456',
    });
    // The answer is the cached user: the guard of /home did not ask again.
    expect(sent('GET', '/api/user')).toHaveLength(1);
  });

  it("asks for the one-time password when the password was right but the code is missing, in the user's language", async () => {
    await changeLocale('zh-CN');
    const { sent } = renderApp('/login', {
      'POST /api/user/login': () =>
        json(401, {
          code: 'OTP_REQUIRED',
          message: 'Please enter the one-time password',
          fields: { token: 'required' },
        }),
    });
    await screen.findByTestId('login-page');
    fillAndSubmit('ada', 'correct-horse');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('请输入身份验证器应用中的一次性密码。');
    expect(alert.textContent).not.toContain('用户名或密码错误');
    const token = screen.getByTestId('login-token');
    await waitFor(() => expect(document.activeElement).toBe(token));
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST', '/api/user/login')).toHaveLength(1);
  });

  it('says the one-time password is wrong, not the username or password', async () => {
    renderApp('/login', {
      'POST /api/user/login': () =>
        json(400, {
          code: 'OTP_INVALID',
          message: 'The one-time password is incorrect.',
          fields: { token: 'invalid' },
        }),
    });
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByTestId('login-token'), { target: { value: '123456' } });
    fillAndSubmit('ada', 'correct-horse');
    expect((await screen.findByTestId('login-error')).textContent).toContain('The one-time password is incorrect.');
    await waitFor(() => expect(screen.getByTestId('login-token').getAttribute('aria-invalid')).toBe('true'));
  });

  it('marks every empty field in the language shown, focuses the first and sends nothing', async () => {
    await changeLocale('zh-TW');
    const { sent } = renderApp('/login');
    await screen.findByTestId('login-page');
    fireEvent.click(screen.getByTestId('login-submit'));
    const username = screen.getByTestId('login-username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('login-token').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['此欄位為必填。', '此欄位為必填。']);
    expect(document.activeElement).toBe(username);
    // Typing clears the mark of that field only.
    fireEvent.change(username, { target: { value: 'ada' } });
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST', '/api/user/login')).toHaveLength(0);
  });

  it('is built without Ant Design: the sign-in page must not load it (docs/speed.md)', async () => {
    renderApp('/login');
    await screen.findByTestId('login-page');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('shows whether the mailed confirmation link worked', async () => {
    renderApp('/login?confirmed=1');
    expect((await screen.findByTestId('login-confirmed')).textContent).toContain('Your email address is confirmed.');
  });

  it('asks for an email in the forgot-password dialog and mails the OTP reset in its second mode', async () => {
    const { sent } = renderApp('/login', { 'POST /api/user/forgot-otp': () => json(200, { ok: true }) });
    await screen.findByTestId('login-page');
    fireEvent.click(screen.getByTestId('login-forgot-otp'));
    fireEvent.click(await screen.findByTestId('forgot-confirm'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByTestId('forgot-confirm'));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain('If an account has this address');
    expect(sent('POST', '/api/user/forgot-otp')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});

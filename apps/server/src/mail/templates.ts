import type { Locale } from '@parapet/shared';

export type MailKind = 'confirm_email' | 'reset_password' | 'reset_otp';

interface Template {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

// Mail is written in the language the request came in; the link is the whole point, the
// words around it say what it does and how long it lasts.
const TEMPLATES: Record<MailKind, Record<Locale, Template>> = {
  confirm_email: {
    'en-US': {
      subject: 'Confirm your Parapet account',
      intro: 'Hello {username}, welcome to Parapet. Please confirm your email address.',
      action: 'Confirm my email address',
      outro: 'The link works for 24 hours. If you did not sign up, ignore this mail.',
    },
    'zh-CN': {
      subject: '确认您的 Parapet 账户',
      intro: '{username}，您好！欢迎使用 Parapet。请确认您的邮箱地址。',
      action: '确认我的邮箱地址',
      outro: '链接在 24 小时内有效。如果您没有注册，请忽略此邮件。',
    },
    'zh-TW': {
      subject: '確認您的 Parapet 帳戶',
      intro: '{username}，您好！歡迎使用 Parapet。請確認您的電子郵件地址。',
      action: '確認我的電子郵件地址',
      outro: '連結在 24 小時內有效。如果您沒有註冊，請忽略此郵件。',
    },
  },
  reset_password: {
    'en-US': {
      subject: 'Reset your Parapet password',
      intro: 'Hello {username}, someone asked to reset the password of your Parapet account.',
      action: 'Choose a new password',
      outro:
        'The link works once, for 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
    },
    'zh-CN': {
      subject: '重置您的 Parapet 密码',
      intro: '{username}，您好！有人请求重置您 Parapet 账户的密码。',
      action: '设置新密码',
      outro: '链接仅可使用一次，30 分钟内有效。如果不是您本人的请求，请忽略此邮件，您的密码不会改变。',
    },
    'zh-TW': {
      subject: '重設您的 Parapet 密碼',
      intro: '{username}，您好！有人要求重設您 Parapet 帳戶的密碼。',
      action: '設定新密碼',
      outro: '連結僅能使用一次，30 分鐘內有效。如果不是您本人的要求，請忽略此郵件，您的密碼不會改變。',
    },
  },
  reset_otp: {
    'en-US': {
      subject: 'Reset your Parapet two-factor sign-in',
      intro: 'Hello {username}, someone asked to reset the one-time-password setup of your Parapet account.',
      action: 'Reset my one-time password',
      outro: 'The link works once, for 30 minutes. You will choose a new password and scan a new QR code.',
    },
    'zh-CN': {
      subject: '重置您的 Parapet 双重验证',
      intro: '{username}，您好！有人请求重置您 Parapet 账户的一次性密码设置。',
      action: '重置一次性密码',
      outro: '链接仅可使用一次，30 分钟内有效。您需要设置新密码并扫描新的二维码。',
    },
    'zh-TW': {
      subject: '重設您的 Parapet 雙重驗證',
      intro: '{username}，您好！有人要求重設您 Parapet 帳戶的一次性密碼設定。',
      action: '重設一次性密碼',
      outro: '連結僅能使用一次，30 分鐘內有效。您需要設定新密碼並掃描新的 QR 碼。',
    },
  },
};

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject, plain text and HTML of one mail; the link is the only variable part besides the name. */
export function renderMail(kind: MailKind, locale: Locale, vars: { username: string; link: string }) {
  const t = TEMPLATES[kind][locale];
  const intro = t.intro.replace('{username}', vars.username);
  return {
    subject: t.subject,
    text: `${intro}\n\n${t.action}: ${vars.link}\n\n${t.outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(vars.link)}</p><p>${escapeHtml(t.outro)}</p>`,
  };
}

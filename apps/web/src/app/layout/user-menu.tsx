import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAvatarUrl } from '@/lib/avatar';
import { PATHS } from '@/lib/paths';
import { useCurrentUser } from '@/lib/session';
import '@/components/basic/basic.css';

/** The signed-in user's name (only the picture when `compact`), with Profile and Sign out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const avatarUrl = useAvatarUrl(user?.hasAvatar);
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: (
        <Link to={PATHS.userProfile} data-testid="user-menu-profile">
          {t('header.profile')}
        </Link>
      ),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      // /logout is a route: its loader ends the session, then lands on login.
      label: (
        <Link to={PATHS.logout} data-testid="user-menu-logout">
          {t('header.signOut')}
        </Link>
      ),
    },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      {/* The avatar alone is named by the label; with the name shown, the button's name is that
          name behind the words "User menu", so what is seen is what speech control can say. */}
      <Button
        type="text"
        title={t('header.userMenu')}
        aria-label={compact ? t('header.userMenu') : undefined}
        data-testid="user-menu"
      >
        <Avatar size="small" src={avatarUrl} icon={<UserOutlined />} />
        {compact ? null : (
          <>
            <span className="pp-visually-hidden">{t('header.userMenu')} </span>
            <span data-testid="user-menu-username">{user?.username}</span>
          </>
        )}
      </Button>
    </Dropdown>
  );
}

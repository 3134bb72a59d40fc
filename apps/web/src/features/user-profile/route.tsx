import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { RouteTabs } from '@/components/route-tabs';
import { PATHS } from '@/lib/paths';

export { ChangePasswordTab } from './components/change-password-tab';
export { ProfileTab } from './components/profile-tab';
export { SecurityTab } from './components/security-tab';
export { SubscriptionTab } from './components/subscription-tab';

/** /user/*: profile, password, security and subscription as tabs of one screen. */
export function Component() {
  const { t } = useTranslation('nav');
  return (
    <>
      <PageTitle>{t('menu.account')}</PageTitle>
      <RouteTabs
        testId="profile-tabs"
        tabs={[
          { path: PATHS.userProfile, label: t('menu.profile') },
          { path: PATHS.userChangePassword, label: t('menu.changePassword') },
          { path: PATHS.userSecurity, label: t('menu.security') },
          { path: PATHS.userSubscription, label: t('menu.subscription') },
        ]}
      />
    </>
  );
}

import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session';
import { AvatarEditor } from './avatar-editor';
import { ProfileInfoForm } from './profile-info-form';

/** /user/profile: who you are, your phone number and your picture. */
export function ProfileTab() {
  const { t } = useTranslation('profile');
  const { data: user } = useCurrentUser();
  // The area's guard loaded the user; it is gone only while a lost session redirects.
  if (!user) return null;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <Card title={t('avatar.title')}>
        <AvatarEditor user={user} />
      </Card>
      <Card title={t('info.title')}>
        <ProfileInfoForm user={user} />
      </Card>
    </Flex>
  );
}

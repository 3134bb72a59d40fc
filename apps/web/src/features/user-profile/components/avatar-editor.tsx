import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type CurrentUser } from '@parapet/shared';
import { Avatar, Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAvatarUrl } from '@/lib/avatar';
import { useToast } from '@/lib/toast';
import { useRemoveAvatar } from '../api/remove-avatar';
import { AVATAR_FIELD, useSetAvatar } from '../api/set-avatar';

const ACCEPTED: readonly string[] = AVATAR_TYPES;
const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** The user's picture: upload (PNG, JPEG or WebP up to AVATAR_MAX_BYTES) and removal. */
export function AvatarEditor({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const toast = useToast();
  const url = useAvatarUrl(user.hasAvatar);
  const upload = useSetAvatar();
  const remove = useRemoveAvatar();

  // Refused here to save a pointless upload; the server checks the content again.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!ACCEPTED.includes(file.type)) {
      toast.error(t('profile:avatar.badType'), 'avatar-refused');
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t('profile:avatar.tooLarge', { size: MAX_MB }), 'avatar-refused');
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  // Through the api client, so the call carries the console's header and its errors are ours.
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) =>
    upload.mutate(file as Blob, {
      onSuccess: (data) => {
        toast.success(t('common:messages.uploaded'), 'avatar-uploaded');
        onSuccess?.(data);
      },
      onError: (error) => {
        toast.apiError(error);
        onError?.(error);
      },
    });
  const removePicture = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('common:messages.saved'), 'avatar-removed'),
      onError: (error) => toast.apiError(error),
    });

  return (
    <Flex align="center" gap={24} wrap>
      {url ? (
        <Avatar size={96} src={<img src={url} alt={t('profile:avatar.alt')} data-testid="avatar-image" />} />
      ) : (
        <Avatar size={96} icon={<UserOutlined />} data-testid="avatar-placeholder" />
      )}
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Upload
            name={AVATAR_FIELD}
            accept={AVATAR_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            data-testid="avatar-upload"
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('profile:avatar.upload')}
            </Button>
          </Upload>
          {user.hasAvatar && (
            <Button danger onClick={removePicture} loading={remove.isPending} data-testid="avatar-remove">
              {t('profile:avatar.remove')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('profile:avatar.hint', { size: MAX_MB })}</Typography.Text>
      </Flex>
    </Flex>
  );
}

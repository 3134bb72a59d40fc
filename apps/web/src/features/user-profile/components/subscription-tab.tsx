import { Empty } from 'antd';

/** /user/subscription: its contents come with the tenancy work. */
export function SubscriptionTab() {
  return <Empty />;
}

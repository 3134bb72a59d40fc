import { useQueryClient } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useContext, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AntdProviders } from '@/components/antd-providers';
import '@/lib/dayjs-locale';
import { LiveFeedContext, type LiveFeed } from '@/lib/live-feed';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { DeployToasts } from '@/lib/toast';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { isNoPermission } from '../guards';
import { AppHeader } from './header';
import { NoPermission } from './no-permission';
import { Sidebar } from './sidebar';
import { useNarrow } from './use-narrow';
import { useGroupQuerySync } from './use-group-query-sync';

const SOCKET_FEED: LiveFeed = { connect: connectSocket, disconnect: disconnectSocket };

/**
 * Frame of every authenticated screen; its route's loader has already fetched the user. It loads
 * lazily with the first signed-in screen, and brings Ant Design's providers with it.
 */
export function AppLayout() {
  return (
    <AntdProviders>
      <DeployToasts />
      <SignedInFrame />
    </AntdProviders>
  );
}

function SignedInFrame() {
  const queryClient = useQueryClient();
  const feed = useContext(LiveFeedContext) ?? SOCKET_FEED;
  const [collapsed, setCollapsed] = useState(false);
  // On a phone the folded sidebar leaves only its 40 px tab over the content: keep clear of it.
  const narrow = useNarrow();
  const { selected } = useGroupContext();
  useGroupQuerySync(selected);
  // The landing page's guard does not redirect; it asks for this instead (spec §6, no loop).
  const noPermission = useMatches().some((match) => isNoPermission(match.loaderData));

  // The socket lives exactly as long as the signed-in frame (spec §7): leaving it (logout,
  // a 401 sending us to login) closes the connection.
  useEffect(() => {
    feed.connect(queryClient);
    return feed.disconnect;
  }, [feed, queryClient]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar collapsed={collapsed} onCollapse={setCollapsed} />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: narrow ? '16px 12px 16px 48px' : 24 }} data-testid="app-content">
          {noPermission ? <NoPermission /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

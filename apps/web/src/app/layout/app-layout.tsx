import { useQueryClient } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { AppHeader } from './header';
import { Sidebar } from './sidebar';

/** Frame of every authenticated screen; its route's loader has already fetched the user. */
export function AppLayout() {
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(false);

  // The socket lives exactly as long as the signed-in frame (spec §7): leaving it (logout,
  // a 401 sending us to login) closes the connection.
  useEffect(() => {
    connectSocket(queryClient);
    return disconnectSocket;
  }, [queryClient]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar collapsed={collapsed} onCollapse={setCollapsed} />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: 24 }} data-testid="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/** Opening and closing the signed-in frame's real-time feed (lib/socket.ts). */
export interface LiveFeed {
  connect: (queryClient: QueryClient) => void;
  disconnect: () => void;
}

/**
 * The feed the signed-in frame uses; none given means the socket (app-layout.tsx). Unit tests
 * give one that connects nowhere (test/render-app.tsx), so a rendered frame never tries the
 * network. Its own module, not lib/socket.ts: socket.io's client loads with the frame only.
 */
export const LiveFeedContext = createContext<LiveFeed | undefined>(undefined);

import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

const CHANNEL = 'store-auth';

/** Tells the other tabs of this browser that the visitor signed in or out. */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Reloads the page data (header greeting, account) when another tab signs in or out. */
export function useAuthSync(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void revalidate();
    return () => channel.close();
  }, [revalidate]);
}

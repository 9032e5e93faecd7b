import type { AppLoadContext } from 'react-router';
import { describeUserAgent } from './device-label';
import type { DeviceSession } from './device-session';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The visitor's sessions, this device first, then the most recently active. */
export async function listDeviceSessions(
  context: AppLoadContext,
  request: Request,
): Promise<DeviceSession[]> {
  const { auth } = context.services;
  const [sessions, current] = await Promise.all([
    auth.api.listSessions({ headers: request.headers }),
    auth.api.getSession({ headers: request.headers }),
  ]);
  const currentToken = current?.session.token;
  const currentId = current?.session.id;
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.token === currentToken || session.id === currentId,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress ?? null,
      signedInAt: iso(session.createdAt),
      lastActiveAt: iso(session.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

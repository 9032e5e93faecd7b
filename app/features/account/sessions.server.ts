import type { OwnAuthRows } from '#server/auth/own-rows';
import { describeUserAgent } from '~/lib/device-label';
import type { DeviceSession } from './device-session';

const iso = (value: number) => new Date(value).toISOString();

/** The visitor's sessions, this device first, then the most recently active. */
export function deviceSessions(rows: OwnAuthRows): DeviceSession[] {
  return rows.sessions
    .map((session) => ({
      id: session.id,
      current: session.token === rows.currentToken,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress ?? null,
      signedInAt: iso(session.createdAt),
      lastActiveAt: iso(session.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

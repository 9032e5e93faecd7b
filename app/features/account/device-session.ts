/** One signed-in device as the account page shows it: never the session token itself. */
export interface DeviceSession {
  id: string;
  current: boolean;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastActiveAt: string;
}

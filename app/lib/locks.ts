/**
 * Runs `task` holding a lock shared by every tab of the site (Web Locks API), so that two tabs
 * which learn of a sign-in at the same moment do not both send the same guest cart. Where the
 * API is missing the task simply runs.
 */
export function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

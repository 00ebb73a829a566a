/**
 * The apps on screen, so the conversation can tear them down (`ui/resource-teardown`) before it
 * switches or closes: once React removes a frame, nothing more can reach the app, so the answer is
 * awaited first, each no longer than TEARDOWN_TIMEOUT_MS (an app that does not answer is removed anyway).
 */
export const TEARDOWN_TIMEOUT_MS = 500;

type Teardown = () => Promise<void>;

const open = new Map<symbol, { conversationId: string; teardown: Teardown }>();

export function registerOpenApp(conversationId: string, teardown: Teardown): () => void {
  const key = Symbol('app');
  open.set(key, { conversationId, teardown });
  return () => void open.delete(key);
}

/** Whether any app of the conversation (of any, without one) is on screen. */
export function hasOpenApps(conversationId?: string): boolean {
  for (const app of open.values()) if (conversationId === undefined || app.conversationId === conversationId) return true;
  return false;
}

/** Tears down the apps of the conversation (all, without one); resolves when each answered or timed out. */
export async function teardownOpenApps(conversationId?: string): Promise<void> {
  const apps = [...open.values()].filter((app) => conversationId === undefined || app.conversationId === conversationId);
  await Promise.all(apps.map((app) => app.teardown().catch(() => undefined)));
}

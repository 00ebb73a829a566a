import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../../../lib/query';

const NONE: readonly string[] = [];

/**
 * The names of the app's environment variables, for the form's "copy from my environment" rows;
 * empty until they arrive, and on failure (the name can still be typed, and main checks it on save).
 */
export function useAppEnvNames(): readonly string[] {
  const trpc = useTRPC();
  return useQuery(trpc.mcp.appEnvNames.queryOptions()).data ?? NONE;
}

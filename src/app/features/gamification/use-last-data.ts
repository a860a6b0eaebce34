import { useRef } from 'react';
import type { Resource } from '../../../views/shared/use-resource.ts';

/** The last data a resource had: a list reloaded after a change stays on screen until the new one comes. */
export function useLastData<T>(resource: Resource<T>): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (resource.data !== undefined) last.current = resource.data;
  return resource.data ?? last.current;
}

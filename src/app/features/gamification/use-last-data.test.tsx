import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../views/shared/use-resource.ts';
import { useLastData } from './use-last-data.ts';

const retry = () => undefined;
const loading: Resource<number> = { status: 'loading', data: undefined, error: null, retry };
const ready = (data: number): Resource<number> => ({ status: 'ready', data, error: null, retry });

describe('useLastData', () => {
  it('keeps the last data while the resource reloads, and takes the new data when it comes', () => {
    const { result, rerender } = renderHook<number | undefined, { resource: Resource<number> }>(({ resource }) => useLastData(resource), { initialProps: { resource: loading } });
    expect(result.current).toBeUndefined();
    rerender({ resource: ready(1) });
    expect(result.current).toBe(1);
    rerender({ resource: loading });
    expect(result.current).toBe(1);
    rerender({ resource: ready(2) });
    expect(result.current).toBe(2);
  });
});

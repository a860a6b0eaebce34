import type { LandingInput } from '#core';

/**
 * An answer that carries a course landing. The contract describes each block's frame (id, visible,
 * canUp, …) and leaves the block's own fields open; they are core's Landing blocks, any of them
 * possibly missing, and the views read them through landingWithDefaults or field by field.
 */
export type WithLanding<T extends { landing: unknown }> = Omit<T, 'landing'> & { landing: LandingInput | null };

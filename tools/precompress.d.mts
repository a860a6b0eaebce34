export declare const COMPRESSIBLE: RegExp;
export declare function compressBoth(content: Buffer): Promise<{ br: Buffer; gz: Buffer }>;
export declare function precompress(): { name: string; writeBundle(options: { dir?: string; file?: string }, bundle: Record<string, unknown>): Promise<void> };

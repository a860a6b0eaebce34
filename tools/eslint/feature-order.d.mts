// Types of feature-order.mjs, for the tests that read the order.
export declare const SERVER_LAYERS: readonly (readonly string[])[];
export declare const APP_LAYERS: readonly (readonly string[])[];
export declare const layerOf: (side: 'server' | 'app') => Map<string, number>;

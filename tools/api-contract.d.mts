export declare const CONTRACT_FILE: string;
export declare function contractSource(document: unknown): Promise<string>;

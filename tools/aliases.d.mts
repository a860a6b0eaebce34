export declare const aliases: { find: RegExp; replacement: string }[];

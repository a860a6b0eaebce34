export declare function linkTargets(markdown: string): string[];
export declare function slug(heading: string): string;
export declare function anchors(markdown: string): Set<string>;
export declare function brokenLinks(file: string, root?: string): string[];
export declare function documentationFiles(root?: string): string[];

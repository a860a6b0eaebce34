export declare function compactCss(css: string): string;
export declare function compactCssPlugin(): { name: string; transform(code: string, id: string): { code: string; map: null } | null };

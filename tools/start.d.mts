export declare function needsBuild(dir?: string): boolean;

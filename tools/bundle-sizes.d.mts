export declare const WIDGET_NAMES: string[];
export declare const BUDGETS: { loader: number; firstWidget: number; allWidgets: number };
export declare function transferSize(file: string, encoding?: 'br' | 'gz'): number;
export declare function importClosure(file: string, seen?: Set<string>): Set<string>;
export declare function measureWidgets(
  dir?: string,
  encoding?: 'br' | 'gz',
): {
  loader: number;
  widgets: { name: string; own: number; firstOnPage: number; files: string[] }[];
  allWidgets: number;
};

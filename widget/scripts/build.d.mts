export declare const defaultWidgetOutDir: string;
export declare const APP_URL_PLACEHOLDER: string;
export declare function buildWidget(
  outDir?: string,
): Promise<{ loader: string; index: string; assets: string[] }>;

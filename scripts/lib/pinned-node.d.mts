export declare function pinnedMajor(engines: string | undefined): number | undefined;
export declare function warnUnlessPinnedNode(): void;

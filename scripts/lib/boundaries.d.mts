export declare const checkedFolders: string[];
export declare const dependencyCruiserBin: string;
export declare function boundaryCheckArgs(options?: {
  folders?: string[];
  outputType?: 'err' | 'json';
}): string[];

export declare const currentLog: (walFile: string, fd: number | undefined) => number;

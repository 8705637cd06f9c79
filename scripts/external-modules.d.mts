export declare const EXTERNAL: string[];

export declare const ASKED: 0;
export declare const FLUSHED: 1;
export declare const STOP: 2;
export declare const SLOTS: 3;

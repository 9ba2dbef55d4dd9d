export declare function ensureLocalSecrets(functionsDir: string): boolean;

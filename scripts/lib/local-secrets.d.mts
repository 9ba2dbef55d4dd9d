export declare function ensureLocalSecrets(functionsDir: string): boolean;
export declare function localSecret(functionsDir: string, name: string): string;

export declare function scheduledFunctionUrl(options: {
  host: string;
  project: string;
  name: string;
  region?: string;
}): string;
export interface LocalScheduler {
  stop(): Promise<void>;
}
export declare function startLocalScheduler(options: {
  name: string;
  url: string;
  everyMs?: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  log?: (message: string) => void;
}): LocalScheduler;

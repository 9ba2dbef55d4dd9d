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
  /** One function, or several run in this order each minute. */
  url: string | readonly string[];
  everyMs?: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  log?: (message: string) => void;
}): LocalScheduler;

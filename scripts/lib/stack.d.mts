import type { Supervisor } from './supervisor.mjs';

export declare const root: string;
export declare const PROJECT_ID: string;
export declare const WEB_URL: string;
export declare const EMULATOR_ENV: Record<string, string>;
export declare const SIMULATOR_PORT: number;
export declare const INGEST_PORT: number;
export declare const PRICES_PORT: number;
export declare const RELAY_PORTS: number[];
export declare const RELAY_FEED_KEY: string;
export declare const MAIL_SINK_PORT: number;
export declare const MAIL_SINK_URL: string;
export declare const WEBHOOK_SINK_PORT: number;
export declare const WEBHOOK_SINK_URL: string;
export declare const TELEGRAM_STAND_IN_PORT: number;
export declare const TELEGRAM_STAND_IN_URL: string;
export declare const DISCORD_STAND_IN_PORT: number;
export declare const DISCORD_STAND_IN_URL: string;
export declare const DEMO_USER: { email: string; password: string };
export declare const FUNCTIONS_EMULATOR_PARALLEL: number;
export declare const STACK_PORTS: { port: number; name: string }[];
export declare function startStack(options?: {
  importData?: boolean;
  web?: 'preview' | 'dev' | false;
  verbose?: boolean;
  /** The simulator stops FX and metals while their market is closed (npm start). */
  marketHours?: boolean;
}): Promise<Supervisor>;

import type { ChildProcess } from 'node:child_process';

export interface ProcessSpec {
  name: string;
  cmd: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  ready?: { log: RegExp } | { url: string };
  timeoutMs?: number;
  stopGraceMs?: number;
}
export declare class Supervisor {
  constructor(options: { verbose?: boolean; logDir: string; restart?: boolean });
  restart: boolean;
  onUnexpectedExit?: (name: string, code: number | null, signal: string | null, restartInMs?: number) => void;
  onRestarted?: (name: string) => void;
  start(spec: ProcessSpec): Promise<ChildProcess>;
  pids(): Record<string, number>;
  stopAll(): Promise<void>;
}
export declare function onShutdownSignals(stop: () => Promise<void>): void;

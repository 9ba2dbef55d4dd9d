export interface PortHolder {
  pid: number;
  command: string;
}
export interface TakenPort {
  port: number;
  name: string;
  holder: PortHolder | undefined;
}
export declare function descendants(root: number): number[];
export declare function isAlive(pid: number): boolean;
/** Clock ticks since boot (/proc) or the start date (ps); undefined once the process is gone. */
export declare function startTime(pid: number): string | undefined;
export declare function signal(pid: number, name: NodeJS.Signals): void;
export declare function commandLine(pid: number): string;
export declare function portHolder(port: number): PortHolder | undefined;
export declare function portFree(port: number): Promise<boolean>;
export declare function takenPorts(ports: { port: number; name: string }[]): Promise<TakenPort[]>;
export declare function describeTakenPorts(taken: TakenPort[]): string;

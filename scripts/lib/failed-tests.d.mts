export function jsonReportArgs(stepName: string): { file: string; args: string[] };
export function failedTestLines(file: string, maxLines?: number): string[];
export function retriedTestLines(file: string, maxLines?: number): string[];
export function slowestFileLines(reports: { step: string; file: string }[], count?: number): string[];

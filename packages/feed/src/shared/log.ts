/** Structured one-line JSON logs (what Cloud Run's logging reads); tests pass their own sink. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function line(severity: string, message: string, fields?: Record<string, unknown>): string {
  return JSON.stringify({ severity, message, time: new Date().toISOString(), ...fields });
}

export const consoleLogger: Logger = {
  info: (m, f) => console.log(line('INFO', m, f)),
  warn: (m, f) => console.warn(line('WARNING', m, f)),
  error: (m, f) => console.error(line('ERROR', m, f)),
};

export interface RecordedLog {
  severity: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger(): Logger & { lines: RecordedLog[] } {
  const lines: RecordedLog[] = [];
  const record = (severity: RecordedLog['severity']) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ severity, message, ...(fields ? { fields } : {}) });
  };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

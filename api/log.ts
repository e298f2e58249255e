/** Structured one-line JSON logs on stderr (never to clients). */
export function logError(message: string, fields: Record<string, unknown> = {}): void {
  console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), message, ...fields }));
}

export function logWarn(message: string, fields: Record<string, unknown> = {}): void {
  console.error(JSON.stringify({ level: 'warn', time: new Date().toISOString(), message, ...fields }));
}

export function logInfo(message: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), message, ...fields }));
}

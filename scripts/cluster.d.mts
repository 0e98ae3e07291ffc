// Types of scripts/cluster.mjs for the TypeScript tests that import it.
import type { ChildProcess } from 'node:child_process';

export const HTTP_PORTS: [number, number];
export const MQTT_PORTS: [number, number];

export interface Instance {
  name: string;
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Resolves when the process exits. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly exited: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Sends a signal (SIGTERM by default), returns at once. */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** The end of its log. */
  log(): string;
}

/** Starts a server instance (`node --import tsx src/main.ts` in apps/server) and waits for /general/health. */
export function startInstance(options: { name: string; env: Record<string, string>; logFile: string; timeoutMs?: number }): Promise<Instance>;

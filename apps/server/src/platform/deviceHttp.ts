import type { DeviceTransport, PublishHook } from './mqtt';

/**
 * The HTTP device API's way into the telemetry ingest (the devices module's routes take the POST,
 * the telemetry module installs its publish hook here as on a broker): a posted body is handed on
 * as a QoS 1 publish of its topic, and the answer waits for the hook — i.e. for the commit.
 */
export class DeviceHttpInbox implements Pick<DeviceTransport, 'setPublishHook'> {
  private hook: PublishHook | null = null;

  setPublishHook(hook: PublishHook | null): void {
    this.hook = hook;
  }

  /** The hook's promise (resolves once stored), or undefined when nothing takes the topic (no ingest, or not telemetry). */
  submit(topic: string, payload: Buffer): Promise<void> | undefined {
    return this.hook?.({ topic, payload, qos: 1 }) ?? undefined;
  }
}

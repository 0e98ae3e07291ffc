import { App } from 'antd';
import { useState } from 'react';

/** What a receiver answered to a test sent now (a notification channel, an event subscription). */
export interface TestSendResult {
  ok: boolean;
  status: number | null;
  answer: string;
}

/**
 * "Send a test" on a row of a list: which row is sending (its button spins), and the receiver's
 * answer as a message — the module's `page.testOk` ({status}) or `page.testFailed` ({answer}).
 * A refusal is already shown by the API client.
 */
export function useTestSend(send: (id: number) => Promise<TestSendResult>, t: (key: 'page.testOk' | 'page.testFailed', values: Record<string, unknown>) => string): [testing: number | null, run: (id: number) => Promise<void>] {
  const { message } = App.useApp();
  const [testing, setTesting] = useState<number | null>(null);
  const run = async (id: number) => {
    setTesting(id);
    try {
      const result = await send(id);
      if (result.ok) {
        void message.success(t('page.testOk', { status: result.status }));
      } else {
        void message.error(t('page.testFailed', { answer: result.answer }), 8);
      }
    } catch {
      // The client has shown the refusal.
    } finally {
      setTesting(null);
    }
  };
  return [testing, run];
}

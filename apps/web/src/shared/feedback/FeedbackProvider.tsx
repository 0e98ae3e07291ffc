import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { setNotifier } from '@/shared/api/notifier';

interface Feedback {
  notification: NotificationInstance;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Notifications that follow the theme and locale (antd's hook API, without the modal and message
 * machinery of <App>, which would weigh on the sign-in bundle), and the channel the API client
 * shows its notices through. Pages that want toasts use antd's `message` in their own chunk.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'topRight' });

  useEffect(() => {
    setNotifier(({ title, description }) => {
      notificationApi.error({ title, description });
    });
  }, [notificationApi]);

  const value = useMemo(() => ({ notification: notificationApi }), [notificationApi]);
  return (
    <FeedbackContext.Provider value={value}>
      {notificationHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) {
    throw new Error('useFeedback needs <FeedbackProvider>');
  }
  return feedback;
}

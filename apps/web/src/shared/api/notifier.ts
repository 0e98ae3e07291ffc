/**
 * How the API client shows a message. The app registers antd's notification API from inside
 * its <App> provider (so notifications follow the theme and locale); tests register a stub.
 */
export interface ApiNotice {
  title: string;
  description: string;
}

export type Notifier = (notice: ApiNotice) => void;

let current: Notifier = (notice) => {
  console.warn(`${notice.title}: ${notice.description}`);
};

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export function notify(notice: ApiNotice): void {
  current(notice);
}

import { useLogout } from '../api/logout';
import { UserNoticeModal } from './UserNoticeModal';

/** Shown by the guard while the signed-in user has not agreed to the current notice. */
export function UserNoticeGate() {
  const logout = useLogout();
  return (
    <div className="sd-notice-backdrop">
      <UserNoticeModal onDecline={() => void logout()} />
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './loginThrottle';

describe('LoginThrottle', () => {
  it('locks an account after the allowed failures and unlocks after the window', () => {
    const throttle = new LoginThrottle(3, 1000, 100);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.isLocked('Alice', '1.1.1.1', 0)).toBe(false);
      throttle.recordFailure('alice', '1.1.1.1', 0);
    }
    expect(throttle.isLocked('ALICE', '2.2.2.2', 10)).toBe(true);
    expect(throttle.isLocked('bob', '1.1.1.1', 10)).toBe(false);
    expect(throttle.isLocked('alice', '1.1.1.1', 1001)).toBe(false);
  });

  it('a success clears the account count', () => {
    const throttle = new LoginThrottle(2, 1000, 100);
    throttle.recordFailure('carol', 'x', 0);
    throttle.recordSuccess('carol');
    throttle.recordFailure('carol', 'x', 0);
    expect(throttle.isLocked('carol', 'x', 0)).toBe(false);
  });
});

/** Query keys of the notify module (channels, the message language, the rule editors' choices). */
export const notifyKeys = {
  all: ['notify'] as const,
  channels: () => [...notifyKeys.all, 'channels'] as const,
  setting: () => [...notifyKeys.all, 'setting'] as const,
  options: () => [...notifyKeys.all, 'options'] as const,
};

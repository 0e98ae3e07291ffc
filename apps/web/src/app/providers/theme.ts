import type { ThemeConfig } from 'antd';

/**
 * A user who asks the system for less motion (prefers-reduced-motion: reduce) gets antd without its
 * animations (global.css stops the console's own); read once at start, like the system setting.
 */
const reducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Console theme: a calm industrial blue on light surfaces, a deep navy sidebar. */
export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#0b1e33', headerBg: '#ffffff', bodyBg: '#f3f5f9' },
    Menu: {
      darkItemBg: '#0b1e33',
      darkSubMenuItemBg: '#07182a',
      darkItemSelectedBg: '#1668dc',
      itemHeight: 44,
    },
  },
};

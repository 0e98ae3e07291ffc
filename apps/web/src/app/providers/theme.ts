import type { ThemeConfig } from 'antd';

/** Console theme: a calm industrial blue on light surfaces, a deep navy sidebar. */
export const theme: ThemeConfig = {
  token: {
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

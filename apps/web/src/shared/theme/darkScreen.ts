/** Full-screen pages with a dark background: full-screen boards, the kiosk, the marquee, the playground. */
const darkScreens = '.sd-screen, .sd-playground__screen';

/** Whether an element is drawn on a dark screen (its charts then use ECharts' dark theme). */
export function isOnDarkScreen(element: Element): boolean {
  return element.closest(darkScreens) !== null;
}

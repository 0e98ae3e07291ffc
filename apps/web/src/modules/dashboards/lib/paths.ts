import type { BoardType } from '@smartdata/domain';

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Links to the dashboards pages (route-table patterns of spec §2). */
export const dashboardPaths = {
  list: '/smartdata/dashboard3',
  view: (id: number) => `/smartdata/currentshowdashboard/${id}`,
  fullscreen: (id: number) => `/showdashboard/${id}`,
  /** The grid editor, or the free canvas of a big-screen board. */
  edit: (board: { id: number; name: string; nodeId: number; boardType: BoardType }) =>
    board.boardType === 'bigScreen' ? `/editblankboard/${board.id}/${seg(board.name)}/${board.boardType}` : `/smartdata/dashboard3/EditBoard/${board.id}/${seg(board.name)}/${board.nodeId}`,
  /** Settings of a board, or `new` with a template to create one. */
  config: (boardId: number | 'new', templateCode: string) => `/smartdata/boardconfig/${boardId}/${seg(templateCode)}`,
  carousels: '/smartdata/dashboarddisplay',
  carouselConfig: (id: number) => `/smartdata/configboardplay/${id}`,
  bigScreen: (id: number) => `/big_screen/${id}`,
  marquee: (id: number) => `/dashboardmarquee/${id}`,
  playground: '/test/boarddisplay',
  playgroundConfig: (id: number) => `/test/boarddisplayconfig/${id}`,
};

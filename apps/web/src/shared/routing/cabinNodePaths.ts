/** Paths of the pages of file and project nodes (route table: /smartdata/file/{fileId}, /smartdata/project/{projectId}). */
export const filePath = (fileId: number) => `/smartdata/file/${fileId}`;
export const projectPath = (projectId: number) => `/smartdata/project/${projectId}`;

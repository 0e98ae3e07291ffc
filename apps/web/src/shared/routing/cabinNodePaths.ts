/** Paths of the pages of file and project nodes (route table: /smartdata/file/{fileId}, /smartdata/project/{projectId}). */
export const filePath = (fileId: number) => `/smartdata/file/${fileId}`;
export const projectPath = (projectId: number) => `/smartdata/project/${projectId}`;

/** A meter node's page (spec §2): /standardElectricMeter/{id}/{name} (101) or /virtualElectricMeter/{id}/{name} (100). */
export const meterPath = (meter: { id: number; name: string; nodeType: number }) =>
  `/${meter.nodeType === 100 ? 'virtual' : 'standard'}ElectricMeter/${meter.id}/${encodeURIComponent(meter.name === '' ? '-' : meter.name)}`;

/** A report template node's pages (spec §2): /smartdata/reportTemplate/{entityId}/{name}, its editor, and the top-level preview. */
const nameSegment = (name: string) => encodeURIComponent(name === '' ? '-' : name);
export const reportTemplatePath = (id: number, name: string) => `/smartdata/reportTemplate/${id}/${nameSegment(name)}`;
export const editTemplatePath = (id: number, name: string) => `/smartdata/editTemplate/${id}/${nameSegment(name)}`;
export const previewReportPath = (id: number) => `/previewReport/${id}`;

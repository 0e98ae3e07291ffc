/** Paths of the pages of file and project nodes (route table: /smartdata/file/{fileId}, /smartdata/project/{projectId}). */
export const filePath = (fileId: number) => `/smartdata/file/${fileId}`;
export const projectPath = (projectId: number) => `/smartdata/project/${projectId}`;

/** A meter node's page (spec §2): /standardElectricMeter/{id}/{name} (101) or /virtualElectricMeter/{id}/{name} (100). */
export const meterPath = (meter: { id: number; name: string; nodeType: number }) =>
  `/${meter.nodeType === 100 ? 'virtual' : 'standard'}ElectricMeter/${meter.id}/${encodeURIComponent(meter.name === '' ? '-' : meter.name)}`;

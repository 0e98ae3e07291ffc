import { describe, expect, it } from 'vitest';
import { addProjectRequest } from '../projects/projects.schemas';
import { defaultFileSettings, fileSettingsSchema, fileUploadProblem, previewKind } from './files.schemas';

describe('file settings and checks', () => {
  it('allows the default office, image, PDF, CSV and ZIP types up to 50 MB, by extension', () => {
    const settings = { maxMb: defaultFileSettings.maxMb, allowedTypes: [...defaultFileSettings.allowedTypes] };
    expect(fileUploadProblem(settings, { fileName: '报告.PDF', size: 10 })).toBeNull();
    expect(fileUploadProblem(settings, { fileName: 'data.xlsx', size: 50 * 1024 * 1024 })).toBeNull();
    expect(fileUploadProblem(settings, { fileName: 'data.xlsx', size: 50 * 1024 * 1024 + 1 })).toBe('fileSize');
    expect(fileUploadProblem(settings, { fileName: 'setup.exe', size: 10 })).toBe('fileType');
    expect(fileUploadProblem(settings, { fileName: 'README', size: 10 })).toBe('fileType');
  });

  it('reads the settings form: whole MB from 1 to 50, extensions lower-cased without the dot, no repeats', () => {
    expect(fileSettingsSchema.parse({ maxMb: '10', allowedTypes: ['.PDF', 'pdf', 'Docx'] })).toEqual({ maxMb: 10, allowedTypes: ['pdf', 'docx'] });
    expect(fileSettingsSchema.safeParse({ maxMb: 51, allowedTypes: ['pdf'] }).success).toBe(false);
    expect(fileSettingsSchema.safeParse({ maxMb: 1.5, allowedTypes: ['pdf'] }).success).toBe(false);
    expect(fileSettingsSchema.safeParse({ maxMb: 5, allowedTypes: [] }).success).toBe(false);
    expect(fileSettingsSchema.safeParse({ maxMb: 5, allowedTypes: ['p d f'] }).success).toBe(false);
  });

  it('previews images inline and PDFs in a frame, nothing else', () => {
    expect(previewKind('image/png', 'a.png')).toBe('image');
    expect(previewKind('application/pdf', 'a.pdf')).toBe('pdf');
    expect(previewKind('application/pdf', 'a.html')).toBeNull();
    expect(previewKind('text/html', 'a.html')).toBeNull();
  });

  it('a project ends on or after its start, on real dates', () => {
    expect(addProjectRequest.safeParse({ parentId: null, name: 'P', startDate: '2026-11-01', endDate: '2026-11-01' }).success).toBe(true);
    expect(addProjectRequest.safeParse({ parentId: null, name: 'P', startDate: '2026-11-02', endDate: '2026-11-01' }).success).toBe(false);
    expect(addProjectRequest.safeParse({ parentId: null, name: 'P', startDate: '2026-02-30' }).success).toBe(false);
    expect(addProjectRequest.parse({ parentId: '', name: 'P', startDate: '' })).toMatchObject({ parentId: null, startDate: null, endDate: null, status: 'planned', memberIds: [] });
  });
});

import { fileUploadProblem, type FileSettings } from '@smartdata/domain';

/** The accept attribute of a file input for the company's allowed types. */
export function acceptOf(settings: FileSettings | undefined): string | undefined {
  return settings ? settings.allowedTypes.map((type) => `.${type}`).join(',') : undefined;
}

/** The translated reason a chosen file may not be uploaded (the server checks again), or null. */
export function chosenFileProblem(settings: FileSettings | undefined, file: File, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (!settings) {
    return null;
  }
  const problem = fileUploadProblem(settings, { fileName: file.name, size: file.size });
  if (problem === 'fileType') {
    return t('files:problems.fileType', { types: settings.allowedTypes.join(', ') });
  }
  return problem === 'fileSize' ? t('files:problems.fileSize', { mb: settings.maxMb }) : null;
}

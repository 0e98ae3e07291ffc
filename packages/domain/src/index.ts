export * from './errors';
export * from './limits';
export * from './texts';
export * from './permissions';
export * from './validators';
export * from './paging';
export * from './auth.schemas';
export * from './validationMessages';

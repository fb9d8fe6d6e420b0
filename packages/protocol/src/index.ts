export * from './account';
export * from './codes';
export * from './http';
export * from './log-types';
export * from './machine-socket';
export * from './paging';
export * from './settings-defaults';
export * from './transactions';

export * from './codes';
export * from './http';
export * from './machine-socket';
export * from './settings-defaults';
export * from './transactions';

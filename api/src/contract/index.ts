// Browser-safe contract shared by the API and every frontend: constants, types and zod schemas.
export * from './constants';
export * from './types';
export * from './schemas';
export * from './registration';
export * from './newsletter';
export * from './checkout';
export * from './staff';
export * from './venue';
export * from './event-dates';
export * from './errors';
export * from './remotes';
export * from './registrations-admin';
export * from './catalogue';
export * from './image-variants';
export * from './check-in';
export * from './insights';
export * from './platform-limits';
